package dev.wholetrace.bench;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.AgentOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The command line of a child JVM that runs a program from the workloads jar, under the agent or not. */
public final class TracedJvm {
    private TracedJvm() {}

    /**
     * {@code java HEAP [-javaagent:AGENT=out=TRACE,mode=MODE,include=INCLUDE] -cp WORKLOADS MAIN ARGS};
     * {@code trace} null runs it plainly.
     */
    public static List<String> command(String heap, Path agent, Path trace, TraceMode mode, String include, Path workloads, String main,
                                       String... args) {
        return command(heap, agent, trace == null ? null : AgentOptions.of(trace, mode).withInclude(include), workloads, main, args);
    }

    /** As above, under the agent with {@code options} (null: plainly). */
    public static List<String> command(String heap, Path agent, AgentOptions options, Path workloads, String main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(heap);
        if (options != null) cmd.add(options.javaagent(agent));
        cmd.addAll(List.of("-cp", workloads.toAbsolutePath().normalize().toString(), main));
        cmd.addAll(Arrays.asList(args));
        return cmd;
    }
}
