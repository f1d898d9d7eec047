package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import dev.wholetrace.recorder.TraceRecorder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Instruments one class file. Frames are kept as the compiler wrote them (the probes are
 * stack-neutral; the one local they add is appended to each frame, see {@link ThreadHandleLocal}),
 * so no class is loaded to compute frames and there is no risk of a
 * ClassCircularityError. A method that would exceed 64 KB with its probes is probed more coarsely
 * ({@link Probing}) until it fits, and named in the trace's metadata with the level it got.
 */
public final class ClassInstrumenter {
    /** Generated methods (method-reference bridges) are named with this prefix and a number. */
    static final String SYNTHETIC_PREFIX = "wholetrace$ref$";
    private final InstrumentationContext context;

    public ClassInstrumenter(InstrumentationContext context) {
        this.context = context;
    }

    /** An instrumenter with a context of its own: for tests that instrument one program per recorder. */
    public ClassInstrumenter(TraceRecorder recorder) {
        this(new InstrumentationContext(recorder));
    }

    /**
     * Whether {@code internalName} is a JDK class, which the agent never instruments (their
     * probes would run inside the JDK's own locks and initialization).
     */
    public static boolean isPlatformClass(String internalName) {
        return internalName.startsWith("java/") || internalName.startsWith("javax/") || internalName.startsWith("jdk/")
                || internalName.startsWith("sun/") || internalName.startsWith("com/sun/");
    }

    /** {@link #instrument(byte[], ClassLoader)} for a class of the agent's own loader (tests). */
    public byte[] instrument(byte[] classFile) {
        return instrument(classFile, ClassInstrumenter.class.getClassLoader());
    }

    /** The instrumented class file, or null to leave the class unchanged; {@code loader} defines it. */
    public byte[] instrument(byte[] classFile, ClassLoader loader) {
        return instrument(classFile, loader, true);
    }

    /**
     * As {@link #instrument(byte[], ClassLoader)}; a class that is not {@code checked} (one that
     * include=/exclude= do not select) gets its sync operations probed and nothing else: its
     * accesses are not checked, but the order it imposes on the checked classes is recorded.
     */
    public byte[] instrument(byte[] classFile, ClassLoader loader, boolean checked) {
        Probing base = checked ? Probing.FULL : Probing.SYNC_ONLY;
        FieldResolver fields = context.fields(loader);
        boolean programLoader = CountedLoops.programLoader(loader);
        ClassReader reader = new ClassReader(classFile);
        Map<String, int[]> offsets = bytecodeOffsets(reader);
        Map<String, Probing> coarse = new HashMap<>(); // method name + descriptor → its level, when not the base one
        while (true) {
            ClassNode cn = new ClassNode();
            reader.accept(cn, ClassReader.EXPAND_FRAMES); // ThreadHandleLocal appends its local to every frame
            if ((cn.access & Opcodes.ACC_MODULE) != 0) return null;
            String className = cn.name.replace('/', '.');
            List<MethodNode> generated = new ArrayList<>();
            MethodInstrumenter.Ids ids = new MethodInstrumenter.Ids() {
                @Override
                public int block(String method, String descriptor, int line, int bci, String text) {
                    return context.block(className, method, descriptor, line, bci, text);
                }

                @Override
                public int instruction(String method, String descriptor, int line, int bci, String text) {
                    return context.instruction(className, method, descriptor, line, bci, text);
                }

                @Override
                public int instructions(String method, String descriptor, int line, int bci, String[] texts) {
                    return context.instructions(className, method, descriptor, line, bci, texts);
                }

                @Override
                public String className() {
                    return cn.name;
                }

                @Override
                public String superName() {
                    return cn.superName;
                }

                @Override
                public boolean extendsAny(Set<String> classes) {
                    return fields.extendsAny(cn.superName, classes);
                }

                @Override
                public boolean isInterface() {
                    return (cn.access & Opcodes.ACC_INTERFACE) != 0;
                }

                @Override
                public boolean classConstants() {
                    return (cn.version & 0xFFFF) >= Opcodes.V1_5;
                }

                @Override
                public InstrumentationContext context() {
                    return context;
                }

                @Override
                public boolean declaresField(String name) {
                    for (FieldNode f : cn.fields) if (f.name.equals(name)) return true;
                    return false;
                }

                @Override
                public boolean programLoader() {
                    return programLoader;
                }

                @Override
                public FieldResolver.Field field(String owner, String name) {
                    return fields.resolve(owner, name);
                }

                @Override
                public String inheritedFromJdk(String owner, String name, String desc) {
                    return fields.inheritedFromJdk(owner, name, desc);
                }

                @Override
                public MethodNode syntheticMethod(String descriptor) {
                    MethodNode m = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                            SYNTHETIC_PREFIX + generated.size(), descriptor, null, null);
                    generated.add(m);
                    return m;
                }
            };
            Set<AbstractInsnNode> fenced = FencedAccesses.of(cn.methods); // before any probe is inserted
            for (MethodNode m : List.copyOf(cn.methods)) {
                // Each attempt reads fresh nodes: MethodInstrumenter maps them to the offsets anew.
                MethodInstrumenter.instrument(m, ids, coarse.getOrDefault(m.name + m.desc, base), offsets.get(m.name + m.desc), fenced);
            }
            cn.methods.addAll(generated);
            ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
            try {
                cn.accept(writer);
                return writer.toByteArray();
            } catch (MethodTooLargeException e) {
                // Probe that method more coarsely and try again; ids already handed out stay unused.
                String method = e.getMethodName() + e.getDescriptor();
                Probing level = coarse.getOrDefault(method, base).coarser(context.heap());
                coarse.put(method, level);
                context.property((level == Probing.NONE ? "uninstrumented." : "coarse.") + className + "." + method, level.description);
            }
        }
    }

    /**
     * Each method's instruction offsets ({@link BytecodeOffsets}); none (every bci -1) for a class
     * file they cannot be decoded from, which is still instrumented as ClassReader reads it.
     */
    private static Map<String, int[]> bytecodeOffsets(ClassReader reader) {
        try {
            return BytecodeOffsets.of(reader);
        } catch (RuntimeException e) {
            return Map.of();
        }
    }
}
