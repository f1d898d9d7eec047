package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.Main;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The jars a CLI command starts other JVMs with: the agent and the workloads. Each is found through
 * an environment variable, or else in the build tree this CLI came from.
 */
final class BuildJars {
    private BuildJars() {}

    /** $WHOLETRACE_AGENT, or agent/target/wholetrace-agent.jar of this build. */
    static Path agent() {
        return find("WHOLETRACE_AGENT", "agent", "wholetrace-agent.jar");
    }

    /** The agent jar to run: {@code given} (an --agent option) or {@link #agent()}, which must exist. */
    static Path agentJar(Path given) {
        return existing(given != null ? given : agent(), "agent");
    }

    /** $WHOLETRACE_WORKLOADS, or workloads/target/wholetrace-workloads.jar of this build. */
    static Path workloads() {
        return find("WHOLETRACE_WORKLOADS", "workloads", "wholetrace-workloads.jar");
    }

    /** {@code jar} if it is a file, else a one-line usage error saying how to build it. */
    static Path existing(Path jar, String module) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(module + " jar " + jar + " not found (build it with mvn -pl " + module + " -am package)");
        }
        return jar;
    }

    private static Path find(String variable, String module, String jar) {
        String env = System.getenv(variable);
        if (env != null && !env.isBlank()) return Path.of(env);
        // cli/target/wholetrace.jar or cli/target/classes → <root>/<module>/target/<jar>
        Path here;
        try {
            here = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return here.getParent().getParent().getParent().resolve(module).resolve("target").resolve(jar);
    }
}
