package dev.wholetrace.agent.instrument;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import org.objectweb.asm.Opcodes;

/** Opcode mnemonics for the code map's bytecode text, read once from ASM's Opcodes constants. */
final class OpcodeNames {
    private static final String[] NAMES = new String[256];

    static {
        for (Field f : Opcodes.class.getFields()) {
            String n = f.getName();
            if (f.getType() != int.class || !Modifier.isStatic(f.getModifiers())) continue;
            if (n.startsWith("ACC_") || n.startsWith("T_") || n.startsWith("H_") || n.startsWith("F_") || n.startsWith("ASM")
                    || n.startsWith("SOURCE_") || n.matches("V\\d.*|V_PREVIEW")) continue;
            try {
                int v = f.getInt(null);
                if (v >= 0 && v < NAMES.length && NAMES[v] == null) NAMES[v] = n;
            } catch (IllegalAccessException e) {
                // public constants: cannot happen
            }
        }
    }

    private OpcodeNames() {}

    static String of(int opcode) {
        String n = opcode >= 0 && opcode < NAMES.length ? NAMES[opcode] : null;
        return n != null ? n : "OP" + opcode;
    }
}
