package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher script (docs/cli.md), run on a checkout of its own whose CLI jar is {@link Probe} (the
 * real jar is made after the tests), so what is checked is the script. Its class-data-sharing archive:
 * a command's first run, which writes the archive with the JVM as the script's child, and its later
 * runs, which map it, pass stdin, stdout and the exit code through, print nothing of their own, and
 * a kill of the launcher ends the command. Its build: runs started together build once.
 */
class LauncherTest {
    @TempDir
    Path root;

    Path jar;
    Path cds;

    /** The CLI jar's stand-in: writes its pid to args[1], then does args[2]. */
    public static final class Probe {
        public static void main(String[] args) throws Exception {
            Files.writeString(Path.of(args[1]), Long.toString(ProcessHandle.current().pid()));
            switch (args[2]) {
                case "sleep" -> Thread.sleep(120_000);
                case "cat" -> System.out.write(System.in.readAllBytes());
                case "exit" -> System.exit(Integer.parseInt(args[3]));
                default -> throw new IllegalArgumentException(args[2]);
            }
        }
    }

    @BeforeEach
    void checkout() throws IOException {
        Path launcher = root.resolve("wholetrace");
        Files.copy(Path.of("..", "wholetrace"), launcher);
        assertThat(launcher.toFile().setExecutable(true)).isTrue();
        jar = root.resolve("cli/target/wholetrace.jar");
        cds = root.resolve("cli/target/cds");
        writeProbeJar(jar);
        for (String other : List.of("agent/target/wholetrace-agent.jar", "workloads/target/wholetrace-workloads.jar")) {
            Files.createDirectories(root.resolve(other).getParent());
            Files.createFile(root.resolve(other)); // present and no sources: the launcher builds nothing
        }
    }

    private static void writeProbeJar(Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Probe.class.getName());
        String entry = Probe.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), m)) {
            out.putNextEntry(new JarEntry(entry));
            try (var in = Probe.class.getClassLoader().getResourceAsStream(entry)) {
                in.transferTo(out);
            }
        }
    }

    private Process start(String... args) throws IOException {
        return start(List.of(), args);
    }

    private Process start(List<Path> firstOnPath, String... args) throws IOException {
        ProcessBuilder b = new ProcessBuilder(Stream.concat(Stream.of(root.resolve("wholetrace").toString()), Stream.of(args)).toList());
        Map<String, String> env = b.environment();
        env.remove("JAVA_OPTS");
        env.remove("WHOLETRACE_CDS");
        env.remove("WHOLETRACE_MEMORY");
        StringBuilder path = new StringBuilder();
        for (Path p : firstOnPath) path.append(p).append(':');
        env.put("PATH", path.append(Path.of(System.getProperty("java.home"), "bin")).append(':').append(env.getOrDefault("PATH", "/usr/bin:/bin")).toString());
        return b.start();
    }

    record Run(int exit, String out, String err) {}

    private Run run(String stdin, String... args) throws Exception {
        Process p = start(args);
        try (OutputStream in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out, err);
    }

    private List<Path> cdsFiles() throws IOException {
        if (!Files.isDirectory(cds)) return List.of();
        try (Stream<Path> s = Files.list(cds)) {
            return s.toList();
        }
    }

    @Test
    void stdinStdoutAndTheExitCodePassThroughTheRunThatWritesTheArchiveAndTheRunsThatMapIt() throws Exception {
        String pid = root.resolve("pid").toString();
        assertThat(run("hello\n", "probe", pid, "cat")).as("first run").isEqualTo(new Run(0, "hello\n", ""));
        assertThat(cdsFiles()).as("the archive written, no partial file left").singleElement().asString().endsWith(".jsa");
        assertThat(run("again\n", "probe", pid, "cat")).as("with the archive").isEqualTo(new Run(0, "again\n", ""));
        assertThat(run("", "probe", pid, "exit", "3")).isEqualTo(new Run(3, "", ""));

        Files.delete(cdsFiles().get(0));
        assertThat(run("", "probe", pid, "exit", "3")).as("first run").isEqualTo(new Run(3, "", ""));
        assertThat(cdsFiles()).as("a failed first run keeps no archive").isEmpty();
    }

    @Test
    void anArchiveOfAnotherJarIsIgnoredSilently() throws Exception {
        String pid = root.resolve("pid").toString();
        assertThat(run("x", "probe", pid, "cat").exit()).isZero();
        Path archive = cdsFiles().get(0);
        writeProbeJar(jar); // a rebuild whose archive looks newer than the jar: the JVM finds the jar changed
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() - 10_000));
        assertThat(run("y", "probe", pid, "cat")).isEqualTo(new Run(0, "y", ""));
        Files.writeString(archive, "not an archive");
        assertThat(run("z", "probe", pid, "cat")).isEqualTo(new Run(0, "z", ""));
    }

    /**
     * Two runs started together on a checkout whose sources are newer than its jars: one builds (a stand-in
     * {@code mvn} that fails if another build is running), the other waits for it and builds nothing.
     */
    @Test
    void runsStartedTogetherOnAnEditedCheckoutBuildOnce() throws Exception {
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), """
                #!/bin/sh
                mkdir building 2>/dev/null || { echo "two builds at once" >&2; exit 9; }
                sleep 2
                touch cli/target/wholetrace.jar agent/target/wholetrace-agent.jar workloads/target/wholetrace-workloads.jar
                echo built >> builds
                rmdir building
                """);
        assertThat(mvn.toFile().setExecutable(true)).isTrue();
        FileTime before = FileTime.fromMillis(System.currentTimeMillis() - 100_000);
        for (String j : List.of("cli/target/wholetrace.jar", "agent/target/wholetrace-agent.jar", "workloads/target/wholetrace-workloads.jar")) {
            Files.setLastModifiedTime(root.resolve(j), before);
        }
        Files.writeString(Files.createDirectories(root.resolve("model/src/main")).resolve("Edited.java"), "class Edited {}");
        List<Process> runs = List.of(start(List.of(bin), "probe", root.resolve("pid1").toString(), "exit", "0"),
                start(List.of(bin), "probe", root.resolve("pid2").toString(), "exit", "0"));
        StringBuilder err = new StringBuilder();
        for (Process p : runs) {
            p.getOutputStream().close();
            err.append(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(runs).as(err.toString()).allSatisfy(p -> assertThat(p.exitValue()).isZero());
        assertThat(Files.readAllLines(root.resolve("builds"))).as(err.toString()).hasSize(1);
        assertThat(err.toString().lines()).containsExactly("wholetrace: building the CLI, the agent and the workloads ...");
    }

    /** A kill of the launcher while its JVM writes the archive (a child, not exec'd) reaches the JVM, as it does when exec'd. */
    @Test
    void aKillOfTheLauncherDuringTheRunThatWritesTheArchiveEndsTheCommand() throws Exception {
        Path pidFile = root.resolve("pid");
        Process launcher = start("probe", pidFile.toString(), "sleep");
        Optional<ProcessHandle> jvm = Optional.empty();
        try {
            for (int i = 0; i < 600 && jvm.isEmpty(); i++) {
                if (Files.exists(pidFile) && Files.size(pidFile) > 0) jvm = ProcessHandle.of(Long.parseLong(Files.readString(pidFile)));
                else Thread.sleep(100);
            }
            assertThat(jvm).as("the command started").isPresent();
            launcher.destroy(); // SIGTERM
            assertThat(launcher.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(jvm.get().onExit().completeOnTimeout(null, 30, TimeUnit.SECONDS).get()).as("the command's JVM ended").isNotNull();
            assertThat(launcher.exitValue()).as("the JVM's exit code on SIGTERM").isEqualTo(143);
            assertThat(cdsFiles()).as("no archive and no partial file").isEmpty();
        } finally {
            jvm.ifPresent(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }
}
