package dev.wholetrace.simulate.tx.lang;

/**
 * One lowered instruction (three-address, at most one shared-memory access). Operands are a kind
 * ({@link #CONST}, {@link #LOCAL} frame slot, {@link #SHARED} memory cell) and a value. Instructions are
 * immutable after lowering; the interpreter reads the public fields directly (a hot loop).
 */
public final class Instr {
    /** Operation codes. */
    public static final int NOP = 0, MOV = 1, BIN = 2, NEG = 3, ALOAD = 4, ASTORE = 5, BRF = 6, BRT = 7, JMP = 8, LOCK = 9, UNLOCK = 10,
            TAS = 11, READ = 12, PRINT = 13, CREATE = 14, JOIN = 15, ENDT = 16;
    /** Operand kinds. */
    public static final int NONE = 0, CONST = 1, LOCAL = 2, SHARED = 3;
    /** Binary operators. */
    public static final int ADD = 0, SUB = 1, MUL = 2, DIV = 3, MOD = 4, EQ = 5, NE = 6, LT = 7, LE = 8, GT = 9, GE = 10;
    static final String[] OPS = {"+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">="};
    static final String[] NAMES = {"nop", "mov", "bin", "neg", "aload", "astore", "brf", "brt", "jmp", "lock", "unlock", "tas", "read", "print",
            "create", "join", "end"};

    public final int op, stmt;
    /** Whether this instruction starts an event (an instance of {@link #stmt}). */
    public final boolean starts;
    public int dk, d, ak, bk, binop;
    public long a, b;
    /** Array: whether shared, base cell or slot, lowest index, length; -1 base when not an array instruction. */
    public boolean arrShared;
    public int arrBase = -1;
    public long arrLow, arrLen;
    /** Branch target (instruction index in the unit), or the task-create index for CREATE/JOIN. */
    public int target;
    /** Cost class, a {@link CostClass} ordinal. */
    public final CostClass cls;

    Instr(int op, int stmt, boolean starts, CostClass cls) {
        this.op = op;
        this.stmt = stmt;
        this.starts = starts;
        this.cls = cls;
    }

    /**
     * Whether the instruction touches shared state (memory, a lock, other threads, the output): an
     * interleaving point. A read is not: each thread has its own position in the data set.
     */
    public boolean global() {
        return op == LOCK || op == UNLOCK || op == TAS || op == CREATE || op == JOIN || op == ENDT || op == PRINT
                || dk == SHARED || ak == SHARED || bk == SHARED || (arrBase >= 0 && arrShared);
    }

    /** Evaluates {@code x op y}; division by zero yields 0 (the language has no exceptions; docs/tx.md). */
    public static long apply(int op, long x, long y) {
        return switch (op) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case DIV -> y == 0 ? 0 : x / y;
            case MOD -> y == 0 ? 0 : x % y;
            case EQ -> x == y ? 1 : 0;
            case NE -> x != y ? 1 : 0;
            case LT -> x < y ? 1 : 0;
            case LE -> x <= y ? 1 : 0;
            case GT -> x > y ? 1 : 0;
            case GE -> x >= y ? 1 : 0;
            default -> throw new IllegalStateException("operator " + op);
        };
    }

    static int binop(String s) {
        for (int i = 0; i < OPS.length; i++) if (OPS[i].equals(s)) return i;
        throw new IllegalArgumentException(s);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(NAMES[op]);
        if (dk != NONE) s.append(' ').append(opnd(dk, d));
        if (arrBase >= 0 && op == ASTORE) s.append(" [").append(arrShared ? "@" : "%").append(arrBase).append(']');
        if (ak != NONE) s.append(' ').append(opnd(ak, a));
        if (op == BIN || op == BRF || op == BRT) s.append(' ').append(OPS[binop]);
        if (bk != NONE) s.append(' ').append(opnd(bk, b));
        if (arrBase >= 0 && op == ALOAD) s.append(" [").append(arrShared ? "@" : "%").append(arrBase).append(']');
        if (op == BRF || op == BRT || op == JMP) s.append(" -> ").append(target);
        return s.toString();
    }

    private static String opnd(int k, long v) {
        return switch (k) {
            case CONST -> Long.toString(v);
            case LOCAL -> "%" + v;
            case SHARED -> "@" + v;
            default -> "?";
        };
    }
}
