package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.Main;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The jars a CLI command starts other JVMs with: the agent and the workloads. Each is given by an
 * option, or found through an environment variable, or else in the build tree this CLI came from
 * (which a copied CLI jar is not in: then the error says to give the option or set the variable).
 */
final class BuildJars {
    private static final String AGENT_VARIABLE = "WHOLETRACE_AGENT", WORKLOADS_VARIABLE = "WHOLETRACE_WORKLOADS";

    private BuildJars() {}

    /**
     * The agent jar to run: {@code given} (the command's {@code option}, null if it has none), else
     * $WHOLETRACE_AGENT, else agent/target/wholetrace-agent.jar of this build; it must exist.
     */
    static Path agentJar(Path given, String option) {
        return jar(given, option, AGENT_VARIABLE, "agent", "wholetrace-agent.jar");
    }

    /** The workloads jar to run, as {@link #agentJar} finds the agent's ($WHOLETRACE_WORKLOADS, workloads/target/wholetrace-workloads.jar). */
    static Path workloadsJar(Path given, String option) {
        return jar(given, option, WORKLOADS_VARIABLE, "workloads", "wholetrace-workloads.jar");
    }

    private static Path jar(Path given, String option, String variable, String module, String jar) {
        if (given != null) return existing(given, module);
        String env = System.getenv(variable);
        if (env != null && !env.isBlank()) return existing(Path.of(env), module);
        Path here;
        try {
            here = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return beside(here, module, jar, option, variable);
    }

    /** {@code jar} if it is a file, else a one-line usage error. */
    static Path existing(Path jar, String module) {
        if (!Files.isRegularFile(jar)) throw new IllegalArgumentException(module + " jar " + jar + " not found");
        return jar;
    }

    /**
     * The module's jar in the build tree of a CLI at {@code here} ({@code <root>/cli/target/wholetrace.jar}
     * or {@code <root>/cli/target/classes} → {@code <root>/<module>/target/<jar>}), which must exist; else a
     * one-line usage error saying how to build it or how to give it ({@code option}: null when the command has none).
     */
    static Path beside(Path here, String module, String jar, String option, String variable) {
        String giveIt = (option != null ? "give " + option + " JAR or " : "") + "set " + variable;
        Path target = here.toAbsolutePath().getParent(), cli = target == null ? null : target.getParent(), root = cli == null ? null : cli.getParent();
        if (root == null || !target.getFileName().toString().equals("target") || !cli.getFileName().toString().equals("cli")) {
            throw new IllegalArgumentException(module + " jar not found: this CLI (" + here + ") is not in a build's cli/target directory; " + giveIt);
        }
        Path found = root.resolve(module).resolve("target").resolve(jar);
        if (!Files.isRegularFile(found)) {
            throw new IllegalArgumentException(module + " jar " + found + " not found (build it with mvn -pl " + module + " -am package, or " + giveIt + ")");
        }
        return found;
    }
}
