package dev.wholetrace.simulate.egraph;

import java.io.IOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import dev.wholetrace.bytecode.BytecodeOffsets;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * The JDK's own classes, read on demand from the running JDK's {@code jrt:/} file system (its
 * {@code lib/modules} image), by internal name, each read once: what {@link JdkBodies} prices a
 * call into the JDK by. The bytecode is this JDK's ({@link #version}): a graph made on another JDK
 * prices the JDK's methods by that one's code.
 */
public final class JdkClasses {
    private final Function<String, byte[]> source;
    private final String version;
    private final Map<String, Optional<Loaded>> cache = new HashMap<>();

    /** A class read, and the bytecode offset of each of its methods' instructions (name + descriptor →). */
    record Loaded(ClassNode node, Map<String, int[]> offsets) {}

    /** The running JDK's classes; null when it has no {@code jrt:/} image (then no JDK method is read). */
    public static JdkClasses running() {
        try {
            FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
            return new JdkClasses(name -> fromImage(jrt, name), System.getProperty("java.runtime.version", Runtime.version().toString()));
        } catch (RuntimeException noImage) {
            return null;
        }
    }

    /** Classes whose bytes {@code source} gives by internal name (null: no such class), of the JDK called {@code version}. */
    JdkClasses(Function<String, byte[]> source, String version) {
        this.source = source;
        this.version = version;
    }

    /** The JDK whose bytecode is read ({@code java.runtime.version}). */
    public String version() {
        return version;
    }

    /** The class {@code internalName}, or null when the JDK has none or it cannot be read. */
    ClassNode get(String internalName) {
        Loaded l = load(internalName);
        return l == null ? null : l.node();
    }

    /** The bytes of bytecode of method {@code name desc} of {@code owner} (its last instruction's offset + 1), or -1. */
    int codeBytes(String owner, String nameAndDesc) {
        Loaded l = load(owner);
        int[] offsets = l == null ? null : l.offsets().get(nameAndDesc);
        return offsets == null || offsets.length == 0 ? -1 : offsets[offsets.length - 1] + 1;
    }

    private Loaded load(String internalName) {
        return cache.computeIfAbsent(internalName, n -> Optional.ofNullable(read(n))).orElse(null);
    }

    private Loaded read(String internalName) {
        try {
            byte[] bytes = source.apply(internalName);
            if (bytes == null) return null;
            ClassReader reader = new ClassReader(bytes);
            ClassNode node = new ClassNode();
            reader.accept(node, 0);
            return new Loaded(node, BytecodeOffsets.of(reader));
        } catch (RuntimeException unreadable) {
            return null; // a class this ASM cannot read: its calls keep the one average price
        }
    }

    /** The class file of {@code internalName} in the {@code jrt:/} image, or null. */
    private static byte[] fromImage(FileSystem jrt, String internalName) {
        int slash = internalName.lastIndexOf('/');
        if (slash < 0 || internalName.startsWith("[")) return null;
        Path pkg = jrt.getPath("/packages", internalName.substring(0, slash).replace('/', '.'));
        if (!Files.isDirectory(pkg)) return null;
        // /packages/PKG/ names each module that has the package: the class is in one of them, /modules/MODULE/NAME.class
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(pkg)) {
            for (Path module : modules) {
                Path file = jrt.getPath("/modules", module.getFileName().toString(), internalName + ".class");
                if (Files.isRegularFile(file)) return Files.readAllBytes(file);
            }
        } catch (IOException unreadable) {
            return null;
        }
        return null;
    }
}
