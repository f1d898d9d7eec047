package dev.wholetrace.cli.commands;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BuildJars}: a CLI jar copied out of its build tree (to /tmp, or anywhere) cannot find the agent
 * or workloads jar beside it; that is one line that says how to give it, never an internal error.
 */
class BuildJarsTest {
    @TempDir
    Path dir;

    @Test
    void aCliJarInABuildTreeFindsTheModulesJarThere() throws Exception {
        Path agent = dir.resolve("agent/target/wholetrace-agent.jar");
        Files.createDirectories(agent.getParent());
        Files.writeString(agent, "");
        assertThat(BuildJars.beside(dir.resolve("cli/target/wholetrace.jar"), "agent", "wholetrace-agent.jar", "--agent", "WHOLETRACE_AGENT"))
                .isEqualTo(agent);
        assertThat(BuildJars.beside(dir.resolve("cli/target/classes"), "agent", "wholetrace-agent.jar", "--agent", "WHOLETRACE_AGENT"))
                .isEqualTo(agent);
    }

    @Test
    void aCliJarNearTheFileSystemsRootIsAOneLineErrorNamingTheOptionAndTheVariable() {
        // /tmp/wholetrace.jar has no third parent: this was a NullPointerException ("internal error")
        assertThatThrownBy(() -> BuildJars.beside(Path.of("/tmp/wholetrace.jar"), "agent", "wholetrace-agent.jar", "--agent", "WHOLETRACE_AGENT"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("agent jar not found: this CLI (/tmp/wholetrace.jar) is not in a build's cli/target directory; "
                        + "give --agent JAR or set WHOLETRACE_AGENT");
    }

    @Test
    void aCopiedCliJarDoesNotBlameAMissingBuild() {
        // /tmp/pred/wholetrace.jar resolved to /agent/target/wholetrace-agent.jar and said "build it with mvn", which does not help
        assertThatThrownBy(() -> BuildJars.beside(dir.resolve("pred/wholetrace.jar"), "agent", "wholetrace-agent.jar", "--agent", "WHOLETRACE_AGENT"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not in a build's cli/target directory")
                .hasMessageContaining("give --agent JAR or set WHOLETRACE_AGENT").hasMessageNotContaining("\n");
    }

    @Test
    void aBuildTreeWithoutTheJarSaysHowToBuildItAndHowToGiveIt() {
        assertThatThrownBy(() -> BuildJars.beside(dir.resolve("cli/target/wholetrace.jar"), "agent", "wholetrace-agent.jar", null, "WHOLETRACE_AGENT"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("agent jar " + dir.resolve("agent/target/wholetrace-agent.jar") + " not found (build it with mvn -pl agent -am package, "
                        + "or set WHOLETRACE_AGENT)");
    }
}
