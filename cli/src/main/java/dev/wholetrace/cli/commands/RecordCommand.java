package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.Main;
import dev.wholetrace.core.event.TraceMode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code wholetrace record -o FILE -- java ...}: runs a Java program with the agent. The program
 * inherits stdin, stdout and stderr, and its exit code becomes ours.
 */
@Command(name = "record", mixinStandardHelpOptions = true,
        description = {"Run a Java program under the Wholetrace agent and record its execution.",
                "",
                "Everything after -- is the program's command line; its first word must be a java",
                "launcher (java, or a path to one). The agent is inserted as -javaagent right",
                "after it. The program's input, output and exit code pass through unchanged.",
                "JDK classes are not instrumented; --include/--exclude take dotted class-name",
                "patterns with * wildcards, several separated by ':'."},
        footer = {"", "Examples:",
                "  wholetrace record -o app.wtrace -- java -jar app.jar input.txt",
                "  wholetrace record -o run.wtrace --include 'com.example.*' -- java -cp app.jar com.example.Main",
                "",
                "Equivalent without this command:",
                "  java -javaagent:agent/target/wholetrace-agent.jar=out=app.wtrace,mode=cor -jar app.jar"})
public final class RecordCommand implements Callable<Integer> {
    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "the trace to write (.wtrace)")
    Path out;

    @Option(names = "--mode", defaultValue = "cor", paramLabel = "MODE",
            description = "cor, dor, cdr or all (default: ${DEFAULT-VALUE}); this agent version records blocks and sync operations")
    String mode;

    @Option(names = "--include", paramLabel = "PATTERNS", description = "instrument only these classes")
    String include;

    @Option(names = "--exclude", paramLabel = "PATTERNS", description = "do not instrument these classes")
    String exclude;

    @Option(names = "--agent", paramLabel = "JAR", description = "the agent jar (default: found next to this build, or $WHOLETRACE_AGENT)")
    Path agent;

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "java and its arguments")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        TraceMode.parse(mode); // a bad mode is a usage error here, not a silent agent failure later
        Path jar = agent != null ? agent : defaultAgent();
        if (!Files.isRegularFile(jar)) throw new IllegalArgumentException("agent jar " + jar + " not found (build it with mvn -pl agent -am package)");
        String java = command.get(0);
        String base = Path.of(java).getFileName().toString();
        if (!base.equals("java") && !base.equals("java.exe")) {
            throw new IllegalArgumentException("the command must start with a java launcher, not '" + java + "'");
        }
        for (String s : new String[] {out.toString(), String.valueOf(include), String.valueOf(exclude)}) {
            if (s.contains(",")) throw new IllegalArgumentException("',' is not allowed in '" + s + "' (the agent's option separator)");
        }
        StringBuilder options = new StringBuilder("out=").append(out.toAbsolutePath()).append(",mode=").append(mode);
        if (include != null) options.append(",include=").append(include);
        if (exclude != null) options.append(",exclude=").append(exclude);
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-javaagent:" + jar.toAbsolutePath() + "=" + options);
        cmd.addAll(command.subList(1, command.size()));
        Process p;
        try {
            p = new ProcessBuilder(cmd).inheritIO().start();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot run " + java + ": " + e.getMessage());
        }
        return p.waitFor();
    }

    /** $WHOLETRACE_AGENT, or agent/target/wholetrace-agent.jar of the build this CLI jar came from. */
    static Path defaultAgent() throws URISyntaxException {
        String env = System.getenv("WHOLETRACE_AGENT");
        if (env != null && !env.isBlank()) return Path.of(env);
        Path here = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        // cli/target/wholetrace.jar or cli/target/classes → <root>/agent/target/wholetrace-agent.jar
        Path root = here.getParent().getParent().getParent();
        return root.resolve("agent").resolve("target").resolve("wholetrace-agent.jar");
    }
}
