package dev.wholetrace.simulate.egraph;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import dev.wholetrace.bytecode.BytecodeOffsets;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/** Code reading (§3.2 phase i): the program's classes from a jar or a class directory, by internal name. */
public final class ClassSource {
    private ClassSource() {}

    /** Reads every {@code .class} of {@code jarOrDir}; a file that is not a class is an {@link EgraphException}. */
    public static Program read(Path jarOrDir) throws EgraphException {
        return read(jarOrDir, List.of());
    }

    /**
     * Reads the program's classes and then its libraries' ({@code classpath}: jars and class
     * directories), so that the graph follows calls into them; a class of the program hides one of
     * the same name in a library, and an earlier library a later one, as a class path does. A
     * library's class that cannot be read (a newer class file version than ASM knows, a damaged
     * entry) is left out and named in {@link Program#unreadable}: calls into it cost one invoke, as
     * into any class not given; a class of the program itself that cannot be read is an error.
     */
    public static Program read(Path jarOrDir, List<Path> classpath) throws EgraphException {
        Program classes = new Program(new TreeMap<>(), new TreeMap<>(), new ArrayList<>());
        readInto(classes, jarOrDir, false);
        if (classes.classes().isEmpty()) throw new EgraphException(jarOrDir + ": no classes in it");
        for (Path library : classpath) readInto(classes, library, true);
        return classes;
    }

    private static void readInto(Program classes, Path jarOrDir, boolean library) throws EgraphException {
        try {
            if (Files.isDirectory(jarOrDir)) {
                try (Stream<Path> files = Files.walk(jarOrDir)) {
                    for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                        try (InputStream in = Files.newInputStream(f)) {
                            add(classes, in, f.toString(), library);
                        }
                    }
                }
            } else if (Files.isRegularFile(jarOrDir)) {
                try (JarFile jar = new JarFile(jarOrDir.toFile())) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                        JarEntry entry = e.nextElement();
                        if (!entry.getName().endsWith(".class") || entry.getName().startsWith("META-INF/")) continue;
                        String where = jarOrDir + "!" + entry.getName();
                        try (InputStream in = jar.getInputStream(entry)) {
                            add(classes, in, where, library);
                        } catch (java.util.zip.ZipException damaged) {
                            if (!library) throw damaged;
                            classes.unreadable().add(where); // a damaged entry of a library: left out as an unreadable class is
                        }
                    }
                } catch (java.util.zip.ZipException z) {
                    throw new EgraphException(jarOrDir + ": neither a jar nor a class directory (" + z.getMessage() + ")");
                }
            } else {
                throw new EgraphException(jarOrDir + ": no such jar or directory");
            }
        } catch (IOException e) {
            throw new EgraphException(jarOrDir + ": cannot read: " + e.getMessage());
        }
    }

    /** A program of the given class files (the calibration reads its own benchmark class). */
    public static Program of(byte[]... classFiles) throws EgraphException {
        Program p = new Program(new TreeMap<>(), new TreeMap<>(), new ArrayList<>());
        for (byte[] b : classFiles) {
            try {
                add(p, new ByteArrayInputStream(b), "class bytes", false);
            } catch (IOException e) {
                throw new EgraphException("cannot read class bytes: " + e.getMessage());
            }
        }
        return p;
    }

    private static void add(Program program, InputStream in, String where, boolean library) throws IOException, EgraphException {
        ClassNode node = new ClassNode();
        Map<String, int[]> offsets;
        try {
            ClassReader reader = new ClassReader(in.readAllBytes());
            reader.accept(node, 0);
            offsets = BytecodeOffsets.of(reader);
        } catch (RuntimeException e) {
            if (!library) throw new EgraphException(where + ": not a class file (" + e + ")");
            program.unreadable().add(where);
            return;
        }
        if (program.classes().putIfAbsent(node.name, node) == null) program.offsets().put(node.name, offsets);
    }

    /**
     * The classes read, by internal name, and each method's instruction offsets (name + descriptor →
     * the bytecode index of each real instruction node, as {@link BytecodeOffsets} decodes them), and
     * the library classes left out because they could not be read (where each was).
     */
    public record Program(Map<String, ClassNode> classes, Map<String, Map<String, int[]>> offsets, List<String> unreadable) {}
}
