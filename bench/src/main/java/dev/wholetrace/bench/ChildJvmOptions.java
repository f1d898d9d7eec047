package dev.wholetrace.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of every benchmark that runs programs from the workloads jar in child JVMs (a picocli mixin). */
public final class ChildJvmOptions {
    @Option(names = "--out", defaultValue = "docs/results", description = "Where the report goes (default: ${DEFAULT-VALUE}).")
    public Path out;

    @Option(names = "--work", defaultValue = "bench/work", description = "Traces, deleted after use (default: ${DEFAULT-VALUE}).")
    public Path work;

    @Option(names = "--agent", defaultValue = "agent/target/wholetrace-agent.jar", description = "Default: ${DEFAULT-VALUE}.")
    public Path agent;

    @Option(names = "--workloads", defaultValue = "workloads/target/wholetrace-workloads.jar", description = "Default: ${DEFAULT-VALUE}.")
    public Path workloads;

    @Option(names = "--timeout", defaultValue = "1800", description = "Seconds one child JVM may take (default: ${DEFAULT-VALUE}).")
    public long timeout;

    /** Checks the jars, creates the output directory and {@code work/sub}, and returns the latter. */
    public Path prepare(String sub) throws java.io.IOException {
        for (Path jar : List.of(agent, workloads)) {
            if (!Files.isRegularFile(jar)) throw new IllegalArgumentException(jar + " is missing (bench/run builds it)");
        }
        Path dir = work.toAbsolutePath().normalize().resolve(sub);
        Files.createDirectories(dir);
        Files.createDirectories(out);
        return dir;
    }
}
