package dev.wholetrace.simulate.tx.interp;

import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Instr;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The semantics of the lowered language on a sequentially consistent shared memory, without time:
 * shared memory, threads (frames, program counters), locks as shared cells (0 free, 1 held) and the
 * trace of events. {@link Interpreter} adds time and processors; {@link Explorer} enumerates
 * interleavings by copying machines.
 */
public final class Machine {
    /** Thread states. */
    static final int RUNNABLE = 0, DONE = 1;

    final Code code;
    final long[] shared;
    final long[] input;
    final List<Long> output = new ArrayList<>();
    final Trace trace;
    long[][] frames = new long[4][];
    /**
     * Per thread: its position in the data set. Every thread reads the data set from its start, so the
     * values a thread reads do not depend on the schedule: a value read is a runtime value, fixed for a
     * data set, as §4.1 has it (one cursor shared by all threads made it depend on who read first).
     */
    int[] inputPos = new int[4];
    int[] pc = new int[4], state = new int[4], openPc = new int[4], event = new int[4];
    int threads;
    long executed;
    /** Per thread: its latest task_create event (its JOIN waits for that event's children). */
    int[] lastCreate = new int[4];

    Machine(Code code, long[] input) {
        this.code = code;
        this.shared = code.sharedInit().clone();
        this.input = input;
        this.trace = new Trace();
        Code.Unit main = code.units().get(0);
        long[] f = new long[main.frameSize()];
        System.arraycopy(main.localInit(), 0, f, 0, main.localInit().length);
        newThread(f);
    }

    private Machine(Machine m) {
        code = m.code;
        shared = m.shared.clone();
        input = m.input;
        output.addAll(m.output);
        trace = m.trace.copy();
        threads = m.threads;
        frames = new long[m.frames.length][];
        for (int t = 0; t < threads; t++) frames[t] = m.frames[t].clone();
        inputPos = m.inputPos.clone();
        pc = m.pc.clone(); state = m.state.clone(); openPc = m.openPc.clone(); event = m.event.clone();
        lastCreate = m.lastCreate.clone();
        executed = m.executed;
    }

    Machine copy() { return new Machine(this); }

    private int newThread(long[] frame) {
        if (threads == pc.length) {
            int c = threads * 2;
            frames = Arrays.copyOf(frames, c); pc = Arrays.copyOf(pc, c); state = Arrays.copyOf(state, c);
            openPc = Arrays.copyOf(openPc, c); event = Arrays.copyOf(event, c);
            lastCreate = Arrays.copyOf(lastCreate, c);
            inputPos = Arrays.copyOf(inputPos, c);
        }
        frames[threads] = frame;
        pc[threads] = 0;
        state[threads] = RUNNABLE;
        openPc[threads] = -1;
        event[threads] = -1;
        return threads++;
    }

    Instr next(int t) {
        return code.units().get(trace.unit(t)).code()[pc[t]];
    }

    /** Whether thread {@code t} can execute its next instruction now (a held lock or unfinished children block it). */
    boolean enabled(int t) {
        if (state[t] != RUNNABLE) return false;
        Instr in = next(t);
        if (in.op == Instr.LOCK) return shared[(int) in.a] == 0;
        if (in.op == Instr.JOIN) return childrenDone(t, in.target);
        return true;
    }

    private boolean childrenDone(int t, int createIndex) {
        int[] kids = code.units().get(trace.unit(t)).children()[createIndex];
        int ev = lastCreate[t];
        for (int c : trace.children(ev)) if (state[c] != DONE) return false;
        return kids.length >= 0;
    }


    /** Opens the event of {@code t}'s next instruction if it starts one (once, even if the thread then blocks). */
    void open(int t, long time) {
        Instr in = next(t);
        if (in.starts && openPc[t] != pc[t]) {
            event[t] = trace.add(t, in.stmt, time);
            openPc[t] = pc[t];
        }
    }

    /** Executes {@code t}'s next instruction (it must be {@link #enabled}); returns the threads it created, or null. */
    int[] exec(int t, long time) throws TxException {
        open(t, time);
        Instr in = next(t);
        long[] f = frames[t];
        int e = event[t];
        if (e >= 0) trace.countInstruction(e);
        openPc[t] = -1;
        executed++;
        int npc = pc[t] + 1;
        int[] created = null;
        switch (in.op) {
            case Instr.NOP -> { }
            case Instr.MOV -> put(f, in.dk, in.d, get(f, in.ak, in.a));
            case Instr.BIN -> put(f, in.dk, in.d, Instr.apply(in.binop, get(f, in.ak, in.a), get(f, in.bk, in.b)));
            case Instr.NEG -> put(f, in.dk, in.d, -get(f, in.ak, in.a));
            case Instr.ALOAD -> {
                long idx = get(f, in.bk, in.b);
                int cell = cell(in, idx);
                if (e >= 0) trace.value(e, idx);
                put(f, in.dk, in.d, in.arrShared ? shared[cell] : f[cell]);
            }
            case Instr.ASTORE -> {
                long idx = get(f, in.bk, in.b);
                int cell = cell(in, idx);
                if (e >= 0) trace.value(e, idx);
                long v = get(f, in.ak, in.a);
                if (in.arrShared) shared[cell] = v;
                else f[cell] = v;
            }
            case Instr.BRF -> { if (Instr.apply(in.binop, get(f, in.ak, in.a), get(f, in.bk, in.b)) == 0) npc = in.target; }
            case Instr.BRT -> { if (Instr.apply(in.binop, get(f, in.ak, in.a), get(f, in.bk, in.b)) != 0) npc = in.target; }
            case Instr.JMP -> npc = in.target;
            case Instr.LOCK -> shared[(int) in.a] = 1;
            case Instr.UNLOCK -> shared[(int) in.a] = 0;
            case Instr.TAS -> {
                put(f, in.dk, in.d, shared[(int) in.a]);
                shared[(int) in.a] = 1;
            }
            case Instr.READ -> put(f, in.dk, in.d, inputPos[t] < input.length ? input[inputPos[t]++] : 0);
            case Instr.PRINT -> output.add(get(f, in.ak, in.a));
            case Instr.CREATE -> {
                Code.Unit u = code.units().get(trace.unit(t));
                int[] kids = u.children()[in.target];
                created = new int[kids.length];
                lastCreate[t] = e;
                for (int k = 0; k < kids.length; k++) {
                    Code.Unit cu = code.units().get(kids[k]);
                    long[] cf = new long[cu.frameSize()];
                    System.arraycopy(f, 0, cf, 0, cu.parentFrame());
                    System.arraycopy(cu.localInit(), 0, cf, cu.parentFrame(), cu.localInit().length);
                    int id = trace.addThread(t, e, kids[k]);
                    int nt = newThread(cf);
                    if (id != nt) throw new IllegalStateException("thread ids diverged");
                    created[k] = nt;
                }
            }
            case Instr.JOIN -> { }
            case Instr.ENDT -> {
                state[t] = DONE;
                npc = pc[t];
            }
            default -> throw new IllegalStateException("op " + in.op);
        }
        pc[t] = npc;
        return created;
    }

    private int cell(Instr in, long idx) throws TxException {
        long off = idx - in.arrLow;
        if (off < 0 || off >= in.arrLen) {
            var s = code.program().statements().get(in.stmt);
            throw new TxException(s.line(), s.col(), "array index " + idx + " out of bounds " + in.arrLow + ".." + (in.arrLow + in.arrLen - 1)
                    + " (A1: programs are error free)");
        }
        return in.arrBase + (int) off;
    }

    private long get(long[] f, int k, long v) {
        return switch (k) {
            case Instr.CONST -> v;
            case Instr.LOCAL -> f[(int) v];
            case Instr.SHARED -> shared[(int) v];
            default -> 0;
        };
    }

    private void put(long[] f, int k, int d, long v) {
        if (k == Instr.SHARED) shared[d] = v;
        else f[d] = v;
    }

    boolean mainDone() { return state[0] == DONE; }
}
