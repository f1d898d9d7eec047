package dev.wholetrace.simulate.tx.interp;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.lang.CostClass;
import dev.wholetrace.simulate.tx.lang.Instr;

/**
 * What the interpreter charges, read from a {@link MachineModel}: {@code cycles.tx.CLASS} per
 * instruction class ({@link CostClass}), plus {@code cost.tx.shared} for every shared-memory access
 * (scaled by memory contention), {@code cost.tx.lock} for every lock, unlock and test-and-set, and
 * {@code cost.tx.create} before a created task's first instruction (docs/machine-model.md, "tx").
 */
public final class TxCosts {
    private final long[] cycles = new long[CostClass.values().length];
    final long shared, lock, create;
    final MachineModel model;

    public TxCosts(MachineModel m) {
        this.model = m;
        for (CostClass c : CostClass.values()) cycles[c.ordinal()] = m.cyclesOf("tx." + c.key);
        shared = m.costOf("tx.shared");
        lock = m.costOf("tx.lock");
        create = m.costOf("tx.create");
    }

    /** Cycles before a created task's first instruction ({@code cost.tx.create}). */
    public long createCost() { return create; }

    /** Cycles of a begin/end/else marker ({@code cycles.tx.nop}). */
    public long nopCost() { return cycles[CostClass.NOP.ordinal()]; }

    /** Cycles of {@code in} when {@code busy} processors are running. */
    public long cost(Instr in, int busy) {
        long c = cycles[in.cls.ordinal()];
        boolean sharedAccess = in.dk == Instr.SHARED || in.ak == Instr.SHARED || in.bk == Instr.SHARED || (in.arrBase >= 0 && in.arrShared);
        if (in.op == Instr.LOCK || in.op == Instr.UNLOCK || in.op == Instr.TAS) c += lock;
        else if (sharedAccess) c += Math.round(shared * (1 + model.memoryContention() * Math.max(0, busy - 1)));
        return c;
    }
}
