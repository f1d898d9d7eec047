package wtdemo;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * A program that forks a JVM as test runners and build tools do: the child runs with the parent's
 * own JVM options (so with the same -javaagent) and class path. The parent prints the child's pid
 * and waits for it; the child works a little and prints "child".
 */
public final class ForkingParent {
    static long sink;

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 10_000; i++) sink += i % 7;
        if (args.length > 0 && args[0].equals("child")) {
            System.out.println("child");
            return;
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ForkingParent.class.getName(), "child"));
        Process child = new ProcessBuilder(cmd).inheritIO().start();
        System.out.println(child.pid());
        System.out.flush();
        System.exit(child.waitFor());
    }
}
