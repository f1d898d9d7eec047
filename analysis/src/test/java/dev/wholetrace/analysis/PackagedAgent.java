package dev.wholetrace.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;

/**
 * The agent jar the recording tests run programs under, checked to hold the code being tested.
 * The jar is made in the agent module's {@code package} phase, so {@code mvn verify} always builds
 * it first; {@code mvn -pl analysis -am test} compiles the agent and the modules shaded into it but
 * does not re-package them, and the tests would then silently record with an older agent. So a jar
 * older than any class compiled into it fails here, naming the command that makes it.
 */
public final class PackagedAgent {
    /** The modules whose classes the shade plugin puts into the jar (agent/pom.xml). */
    private static final List<String> SHADED = List.of("agent", "bytecode", "model", "format", "recorder", "reader");

    private PackagedAgent() {}

    /** agent/target/wholetrace-agent.jar, after checking that it exists and is newer than its classes. */
    public static Path jar() {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path jar = root.resolve("agent/target/wholetrace-agent.jar");
        String make = " (run `mvn -o -B -q package -DskipTests` first, or `mvn verify`)";
        if (!Files.isRegularFile(jar)) throw new IllegalStateException("no agent jar at " + jar + make);
        try {
            FileTime built = Files.getLastModifiedTime(jar);
            for (String module : SHADED) {
                Path classes = root.resolve(module).resolve("target/classes");
                if (!Files.isDirectory(classes)) continue;
                try (Stream<Path> files = Files.walk(classes)) {
                    Path newer = files.filter(f -> f.toString().endsWith(".class"))
                            .filter(f -> modified(f).compareTo(built) > 0).findFirst().orElse(null);
                    if (newer != null) {
                        throw new IllegalStateException("the agent jar is older than " + root.relativize(newer)
                                + ": it does not hold the code under test" + make);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return jar;
    }

    private static FileTime modified(Path f) {
        try {
            return Files.getLastModifiedTime(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
