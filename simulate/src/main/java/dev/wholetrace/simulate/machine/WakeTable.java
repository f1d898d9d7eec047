package dev.wholetrace.simulate.machine;

import java.util.Arrays;

/**
 * What a wake-up onto another processor costs as a function of how long that processor has been idle
 * (machine file version 3, {@code wake.remote.idle.IDLE.cost} and {@code .latency}; {@code calibrate
 * --cross-core}, docs/machine-model.md). On a virtual machine a processor that went idle a moment ago is
 * still polling and is woken cheaply; one idle longer has halted and is woken through the hypervisor
 * (session 38: about 1 µs against 11–16 µs of the waker's processor time on the project's VM).
 *
 * <p>A step table: row {@code i} holds from idle time {@code idle[i]} (cycles, ascending) up to the next
 * row's; an idle time below the first row's takes the first row. {@code cost} is the processor time the
 * waker spends waking the processor, {@code latency} the time from the wake-up's start until the woken
 * thread runs (both cycles). The empty table means "not measured": the simulator then charges the
 * cross-core group's constants ({@link MachineModel#WAKE_REMOTE}).
 *
 * @param idle the rows' idle times, ascending, the first ≥ 0
 * @param cost per row: the waker's processor time
 * @param latency per row: the delay until the woken thread runs
 */
public record WakeTable(long[] idle, long[] cost, long[] latency) {
    /** No rows: the wake-up's cost does not depend on its target's idle time (not measured). */
    public static final WakeTable NONE = new WakeTable(new long[0], new long[0], new long[0]);

    /** Checks the rows (equal lengths, idle times ascending and distinct, nothing negative) and copies them. */
    public WakeTable {
        if (idle.length != cost.length || idle.length != latency.length) throw new IllegalArgumentException("wake table: rows of unequal length");
        idle = idle.clone();
        cost = cost.clone();
        latency = latency.clone();
        for (int i = 0; i < idle.length; i++) {
            if (idle[i] < 0 || cost[i] < 0 || latency[i] < 0) throw new IllegalArgumentException("wake table: idle times and costs must be ≥ 0 cycles");
            if (i > 0 && idle[i] <= idle[i - 1]) throw new IllegalArgumentException("wake table: idle times must ascend, " + idle[i] + " after " + idle[i - 1]);
        }
    }

    /** Whether the table has no rows. */
    public boolean isEmpty() {
        return idle.length == 0;
    }

    /** The row that applies to a processor idle for {@code idleCycles}: the last whose idle time is not above it (the first for less). */
    public int row(double idleCycles) {
        int r = 0;
        while (r + 1 < idle.length && idle[r + 1] <= idleCycles) r++;
        return r;
    }

    /** The waker's processor cycles for a target idle {@code idleCycles}. */
    public long costAt(double idleCycles) {
        return cost[row(idleCycles)];
    }

    /** Cycles from the wake-up's start until the woken thread runs, for a target idle {@code idleCycles}. */
    public long latencyAt(double idleCycles) {
        return latency[row(idleCycles)];
    }

    /** The longest a wake-up onto another processor takes until the woken thread runs (a row's latency includes its cost). */
    public long dearest() {
        long m = 0;
        for (int i = 0; i < idle.length; i++) m = Math.max(m, Math.max(cost[i], latency[i]));
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WakeTable w && Arrays.equals(idle, w.idle) && Arrays.equals(cost, w.cost) && Arrays.equals(latency, w.latency);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(idle) + Arrays.hashCode(cost)) + Arrays.hashCode(latency);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("WakeTable[");
        for (int i = 0; i < idle.length; i++) s.append(i > 0 ? ", " : "").append(idle[i]).append(": ").append(cost[i]).append('/').append(latency[i]);
        return s.append(']').toString();
    }
}
