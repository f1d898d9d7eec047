package dev.wholetrace.agent.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Finds the class that declares a field an instruction names, whether it is volatile or final and whether
 * that class has a static initializer, and the JDK class a call's inherited method comes from, by
 * reading class files as resources (never loading a class). javac names the receiver's static
 * type as a field instruction's owner, so {@code sub.x} and {@code base.x} may name different
 * owners for one field: addresses must use the declaring class, or one memory location would get
 * two addresses. A class file that cannot be read leaves the owner as named, the field
 * non-volatile and the class without initializer.
 */
final class FieldResolver {
    /** A class's own fields (name → access flags), its superclass, whether it has a {@code <clinit>}, its own methods (name + descriptor). */
    private record ClassFields(String superName, Map<String, Integer> fields, boolean initializes, Set<String> methods) {}

    /**
     * Where the field is declared, whether it is volatile or final, and whether its declaring class
     * has a static initializer (whose writes a static access must be ordered after).
     */
    record Field(String declaringClass, boolean isVolatile, boolean isFinal, boolean classInitializes) {
        Field(String declaringClass, boolean isVolatile) {
            this(declaringClass, isVolatile, false, false);
        }
    }

    private static final ClassFields UNKNOWN = new ClassFields(null, Map.of(), false, Set.of());
    private final Map<String, ClassFields> cache = new ConcurrentHashMap<>();
    private final ClassLoader loader;

    FieldResolver(ClassLoader loader) {
        this.loader = loader;
    }

    Field resolve(String owner, String name) {
        String c = owner;
        for (int depth = 0; c != null && depth < 32; depth++) {
            ClassFields f = fields(c);
            Integer access = f.fields().get(name);
            if (access != null) return new Field(c, (access & Opcodes.ACC_VOLATILE) != 0, (access & Opcodes.ACC_FINAL) != 0, f.initializes());
            c = f.superName();
        }
        return new Field(owner, false); // an interface constant, or a class file we cannot read
    }

    /** Whether {@code superName} or one of its superclasses (read as for fields; the JDK's not walked) is one of {@code classes}. */
    boolean extendsAny(String superName, Set<String> classes) {
        String c = superName;
        for (int depth = 0; c != null && depth < 32; depth++) {
            if (classes.contains(c)) return true;
            if (c.startsWith("java/")) return false;
            c = fields(c).superName();
        }
        return false;
    }

    /**
     * The JDK class ({@code java/...}) whose method {@code name desc} a call on {@code owner} runs,
     * when {@code owner} is an application class that inherits it without overriding it (an
     * application subclass of AtomicLong calling {@code get()}); null when a class on the way
     * declares the method itself (its body is instrumented on its own) or a class file cannot be read.
     */
    String inheritedFromJdk(String owner, String name, String desc) {
        String key = name + desc;
        String c = owner;
        for (int depth = 0; c != null && depth < 32; depth++) {
            if (c.startsWith("java/")) return c;
            ClassFields f = fields(c);
            if (f == UNKNOWN || f.methods().contains(key)) return null;
            c = f.superName();
        }
        return null;
    }

    private ClassFields fields(String internalName) {
        return cache.computeIfAbsent(internalName, this::read);
    }

    private ClassFields read(String internalName) {
        try (InputStream in = open(internalName)) {
            if (in == null) return UNKNOWN;
            ClassReader reader = new ClassReader(in);
            Map<String, Integer> fields = new HashMap<>();
            Set<String> methods = new HashSet<>();
            boolean[] initializes = {false};
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                    fields.put(name, access);
                    return null;
                }

                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                    if (name.equals("<clinit>")) initializes[0] = true;
                    methods.add(name + descriptor);
                    return null;
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return new ClassFields(reader.getSuperName(), fields, initializes[0], methods);
        } catch (Exception e) {
            return UNKNOWN;
        }
    }

    /**
     * The class file of {@code internalName}. A class of a module of the boot layer (the JDK's) is read through its
     * module's reader, not the class loader's {@code jrt:} URL: the URL's connection reads the run-time image with
     * {@code ImageReader.getResource}, which then sorts the image reader's buffer cache with a comparator, and
     * {@code Arrays.sort} with a comparator initializes {@code Arrays$LegacyMergeSort}, which reads
     * {@code java.util.Arrays.useLegacyMergeSort} once: before {@code main}, a program that sets it in {@code main}
     * got TimSort (docs/agent.md, "The agent leaves the JDK's settings to the program"). The module's reader maps the
     * image and releases nothing to that cache.
     */
    private InputStream open(String internalName) {
        String resource = internalName + ".class";
        int slash = internalName.lastIndexOf('/');
        Module module = slash < 0 ? null : BootModules.BY_PACKAGE.get(internalName.substring(0, slash).replace('/', '.'));
        if (module != null) {
            try {
                return module.getResourceAsStream(resource); // a class file is never encapsulated
            } catch (IOException e) {
                return null;
            }
        }
        return loader != null ? loader.getResourceAsStream(resource) : ClassLoader.getSystemResourceAsStream(resource);
    }

    /** The boot layer's modules by package name, made at the first read of a class file. */
    private static final class BootModules {
        static final Map<String, Module> BY_PACKAGE = new HashMap<>();

        static {
            for (Module m : ModuleLayer.boot().modules()) for (String p : m.getPackages()) BY_PACKAGE.put(p, m);
        }
    }

    @Override
    public String toString() {
        return "FieldResolver(" + Objects.toString(loader) + ")";
    }
}
