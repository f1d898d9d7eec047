package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.process.SignalForwarding;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.AgentOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a kernel of the workloads jar in a JVM of its own, under the agent or not. */
final class KernelLauncher {
    /** The agent instruments only the kernels: the launcher's argument parsing is not the program. */
    static final String KERNELS = "dev.wholetrace.workloads.kernels.*";
    static final String LAUNCHER = "dev.wholetrace.workloads.Workload";

    private KernelLauncher() {}

    /** The agent's options for a kernel run recording into {@code out}: only the kernels instrumented. */
    static AgentOptions agentOptions(Path out, TraceMode mode) {
        return AgentOptions.of(out, mode).withInclude(KERNELS);
    }

    /**
     * The command line: {@code java [-javaagent:…] -cp WORKLOADS Workload NAME THREADS SIZE STEPS},
     * a null java, workloads jar, size or steps meaning the default.
     */
    static List<String> command(Path java, String javaagent, Path workloads, String name, int threads, Integer size, Integer steps) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java != null ? java.toString() : Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (javaagent != null) cmd.add(javaagent);
        cmd.add("-cp");
        cmd.add(BuildJars.workloadsJar(workloads, null).toAbsolutePath().toString());
        cmd.add(LAUNCHER);
        cmd.addAll(List.of(name, Integer.toString(threads), size != null ? size.toString() : "-", steps != null ? steps.toString() : "-"));
        return cmd;
    }

    /**
     * Runs the child with its stdout and stderr copied to ours (so a test's writers see them too)
     * and stdin inherited; returns its exit code. SIGINT, SIGTERM and SIGHUP are passed on to it.
     */
    static int run(List<String> cmd, PrintWriter stdout, PrintWriter stderr) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot run " + cmd.get(0) + ": " + e.getMessage());
        }
        try (SignalForwarding forwarding = SignalForwarding.to(p)) {
            Thread errors = new Thread(() -> copyErrors(p.getErrorStream(), stderr), "workload-stderr");
            errors.start();
            copy(p.getInputStream(), stdout);
            errors.join();
            return p.waitFor();
        }
    }

    /**
     * Copies the kernel's stderr line by line; the workloads launcher's own messages
     * ("workload: ...") become ours ("wholetrace: ..."): one error, one line, one prefix.
     */
    private static void copyErrors(InputStream from, PrintWriter to) {
        try (var in = new java.io.BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                to.println(line.startsWith(CHILD_PREFIX) ? "wholetrace: " + line.substring(CHILD_PREFIX.length()) : line);
                to.flush();
            }
        } catch (IOException e) {
            to.println("wholetrace: lost the workload's output: " + e.getMessage());
        }
    }

    /** How dev.wholetrace.workloads.Workload starts its error lines. */
    private static final String CHILD_PREFIX = "workload: ";

    private static void copy(InputStream from, PrintWriter to) {
        try (var in = new InputStreamReader(from, StandardCharsets.UTF_8)) {
            char[] buf = new char[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                to.write(buf, 0, n);
                to.flush();
            }
        } catch (IOException e) {
            to.println("wholetrace: lost the workload's output: " + e.getMessage());
        }
    }
}
