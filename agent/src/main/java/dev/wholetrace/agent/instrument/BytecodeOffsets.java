package dev.wholetrace.agent.instrument;

import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The bytecode index (offset in the method's original code array) of every instruction, which the
 * ASM tree API does not keep. The class file is walked here directly: past the constant pool
 * ({@link ClassReader#header}), the interfaces and the fields, to each method's Code attribute,
 * whose code array is decoded opcode by opcode with the JVM's instruction lengths (JVMS 6.5).
 *
 * <p>{@code ClassReader.accept(node, 0)} turns each instruction of the code array into exactly
 * one node with an opcode (labels, line numbers and frames have none; GOTO_W becomes GOTO, ILOAD_0
 * becomes ILOAD 0, WIDE disappears into its instruction), in order: the i-th real node of a
 * MethodNode read that way, before anything is inserted, is the i-th instruction of the array.
 */
final class BytecodeOffsets {
    /** Instruction lengths by opcode, 0 for the variable ones (switches, wide) and the undefined. */
    private static final byte[] LENGTHS = new byte[256];

    static {
        for (int op = 0; op <= 201; op++) LENGTHS[op] = 1;
        set(2, 16, 18, 169, 188); // bipush, ldc, ret, newarray
        set(2, range(21, 25)); // iload … aload
        set(2, range(54, 58)); // istore … astore
        set(3, 17, 19, 20, 132); // sipush, ldc_w, ldc2_w, iinc
        set(3, range(153, 168)); // if<cond>, if_<cmp>, goto, jsr
        set(3, range(178, 184)); // get/put field/static, invokevirtual/special/static
        set(3, 187, 189, 192, 193, 198, 199); // new, anewarray, checkcast, instanceof, ifnull, ifnonnull
        set(4, 197); // multianewarray
        set(5, 185, 186, 200, 201); // invokeinterface, invokedynamic, goto_w, jsr_w
        set(0, 170, 171, 196); // tableswitch, lookupswitch, wide
    }

    private static void set(int length, int... opcodes) {
        for (int op : opcodes) LENGTHS[op] = (byte) length;
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from + 1];
        for (int i = 0; i < r.length; i++) r[i] = from + i;
        return r;
    }

    private static final int TABLESWITCH = 170;
    private static final int LOOKUPSWITCH = 171;
    private static final int WIDE = 196;
    private static final int IINC = 132;

    private BytecodeOffsets() {}

    /**
     * For every method with code, keyed by name + descriptor, the offsets of its instructions in
     * code-array order. Methods without code (abstract, native) are not in the map.
     *
     * @throws IllegalArgumentException for an undefined opcode or a code array that ends mid-instruction
     */
    static Map<String, int[]> of(ClassReader reader) {
        char[] buffer = new char[reader.getMaxStringLength()];
        int p = reader.header + 6; // access_flags, this_class, super_class
        p += 2 + 2 * reader.readUnsignedShort(p); // interfaces
        int fields = reader.readUnsignedShort(p);
        p += 2;
        for (int i = 0; i < fields; i++) p = skipAttributes(reader, p + 6); // access, name, descriptor
        int methods = reader.readUnsignedShort(p);
        p += 2;
        Map<String, int[]> out = new HashMap<>();
        for (int i = 0; i < methods; i++) {
            String key = reader.readUTF8(p + 2, buffer) + reader.readUTF8(p + 4, buffer);
            int attributes = reader.readUnsignedShort(p + 6);
            p += 8;
            for (int a = 0; a < attributes; a++) {
                int length = reader.readInt(p + 2);
                if ("Code".equals(reader.readUTF8(p, buffer))) {
                    // attribute_name, attribute_length, max_stack, max_locals, code_length, code
                    out.put(key, decode(reader, p + 14, reader.readInt(p + 10)));
                }
                p += 6 + length;
            }
        }
        return out;
    }

    /** The offset after a member's attributes_count and attributes, starting at the count. */
    private static int skipAttributes(ClassReader reader, int p) {
        int count = reader.readUnsignedShort(p);
        p += 2;
        for (int a = 0; a < count; a++) p += 6 + reader.readInt(p + 2);
        return p;
    }

    /** The offsets (relative to {@code start}) of the instructions of the code array at {@code start}. */
    private static int[] decode(ClassReader reader, int start, int length) {
        int[] offsets = new int[Math.max(16, length / 2)];
        int count = 0;
        int pc = 0;
        while (pc < length) {
            if (count == offsets.length) offsets = Arrays.copyOf(offsets, count * 2);
            offsets[count++] = pc;
            int op = reader.readByte(start + pc);
            int size = LENGTHS[op];
            if (op == TABLESWITCH || op == LOOKUPSWITCH) {
                int q = pc + 1 + (3 - (pc & 3)); // padded to a multiple of 4 from the code's start
                if (op == TABLESWITCH) {
                    int low = reader.readInt(start + q + 4);
                    int high = reader.readInt(start + q + 8);
                    size = q + 12 + 4 * (high - low + 1) - pc;
                } else {
                    size = q + 8 + 8 * reader.readInt(start + q + 4) - pc;
                }
            } else if (op == WIDE) {
                size = reader.readByte(start + pc + 1) == IINC ? 6 : 4;
            } else if (size == 0) {
                throw new IllegalArgumentException("undefined opcode " + op + " at " + pc);
            }
            pc += size;
        }
        if (pc != length) throw new IllegalArgumentException("code array ends inside the instruction at " + offsets[count - 1]);
        return Arrays.copyOf(offsets, count);
    }

    /**
     * The original bytecode index of each instruction node of {@code m}, which must be as
     * ClassReader made it, nothing inserted yet ({@code offsets} from {@link #of} for it, or null
     * when it has none). When the count of instructions does not match (no offsets, or a node
     * list that is not the one the offsets were decoded from), every index is unknown.
     */
    static Index index(MethodNode m, int[] offsets) {
        if (offsets == null) return Index.NONE;
        Map<AbstractInsnNode, Integer> bcis = new IdentityHashMap<>();
        int i = 0;
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() < 0) continue;
            if (i == offsets.length) return Index.NONE;
            bcis.put(n, offsets[i++]);
        }
        return i == offsets.length ? new Index(bcis) : Index.NONE;
    }

    /** One method's instructions' original bytecode indexes, by node (identity). */
    static final class Index {
        static final Index NONE = new Index(Map.of());
        private final Map<AbstractInsnNode, Integer> bcis;

        private Index(Map<AbstractInsnNode, Integer> bcis) {
            this.bcis = bcis;
        }

        /** {@code n}'s offset in the original code array, or -1 for a node that was not there (a probe's). */
        int of(AbstractInsnNode n) {
            Integer bci = bcis.get(n);
            return bci == null ? -1 : bci;
        }
    }
}
