package dev.wholetrace.analysis.dataflow;

import dev.wholetrace.format.wtrace.ProgramProperties;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The recorded program's class files, found on its class path (directories and jars): what the
 * analyses need of the bytecode that the trace does not hold.
 */
public final class ProgramBytecode implements AutoCloseable {
    private final List<Path> entries;
    private final Map<Path, JarFile> jars = new HashMap<>();
    private final Map<String, byte[]> classes = new HashMap<>();

    public ProgramBytecode(List<Path> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * The class paths a trace recorded (at the start, then the one at exit when the program changed it;
     * relative entries against its {@code user.dir}), after {@code extra} entries the user gave.
     */
    public static ProgramBytecode of(Map<String, String> properties, List<Path> extra) {
        // a set: the class path at exit usually repeats the start's entries, and each entry is searched on every miss
        Set<Path> entries = new LinkedHashSet<>(extra);
        Path dir = Path.of(properties.getOrDefault(ProgramProperties.USER_DIR, "."));
        for (String key : List.of(ProgramProperties.CLASS_PATH, ProgramProperties.CLASS_PATH_AT_EXIT)) {
            String cp = properties.get(key);
            if (cp == null) continue;
            for (String e : cp.split(java.io.File.pathSeparator)) {
                if (e.isEmpty()) continue;
                try {
                    entries.add(dir.resolve(e));
                } catch (InvalidPathException ex) {
                    // the class path at exit is whatever the program set: an entry that is no path is as good as a missing one
                }
            }
        }
        return new ProgramBytecode(List.copyOf(entries));
    }

    public List<Path> entries() {
        return entries;
    }

    /** The class file of a class (binary name, dots), or null when no entry has it. */
    public synchronized byte[] classFile(String className) {
        if (classes.containsKey(className)) return classes.get(className);
        String resource = className.replace('.', '/') + ".class";
        byte[] found = null;
        for (Path e : entries) {
            try {
                if (Files.isDirectory(e)) {
                    Path f = e.resolve(resource);
                    if (Files.isRegularFile(f)) found = Files.readAllBytes(f);
                } else if (Files.isRegularFile(e)) {
                    JarFile jar = jars.get(e);
                    if (jar == null) jars.put(e, jar = new JarFile(e.toFile()));
                    ZipEntry z = jar.getEntry(resource);
                    if (z != null) {
                        try (InputStream in = jar.getInputStream(z)) {
                            found = in.readAllBytes();
                        }
                    }
                }
            } catch (IOException ex) {
                // an unreadable entry is as good as a missing one: the next may have the class
            }
            if (found != null) break;
        }
        classes.put(className, found);
        return found;
    }

    @Override
    public synchronized void close() {
        for (JarFile j : jars.values()) {
            try {
                j.close();
            } catch (IOException e) {
                // closing a read-only jar: nothing to lose
            }
        }
        jars.clear();
    }
}
