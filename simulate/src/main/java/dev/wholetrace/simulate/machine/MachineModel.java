package dev.wholetrace.simulate.machine;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A machine the simulators run programs on: how many processors, how fast, what each class of
 * instruction and each synchronization costs, how threads share processors. One model serves both
 * simulators (the execution-graph simulator, {@code wholetrace simulate}, and the thesis language's
 * interpreter, {@code wholetrace tx}), so a machine fitted once by {@code calibrate} is used by both.
 *
 * <p>Costs are open-ended: each simulator names the instruction classes ({@code cycles.NAME}) and
 * synchronization costs ({@code cost.NAME}) it charges, and documents them in
 * docs/machine-model.md; a new cost needs no change here. A cost a model does not set falls back to
 * {@code cycles.default} (instruction classes) or 0 (synchronization costs), so a minimal machine file
 * is three lines. The file format is {@link MachineFile}.
 *
 * @param name what the machine is (shown in outputs)
 * @param processors processors the simulated threads run on (≥ 1)
 * @param clockHz cycles per second, to turn simulated cycles into seconds
 * @param scheduling how runnable threads are given processors when there are more threads than processors
 * @param timeSliceCycles cycles a thread runs before the scheduler may switch (round-robin; ≥ 1)
 * @param memoryContention extra cost per shared-memory access per other busy processor (0 = none;
 *     an access costs {@code latency × (1 + memoryContention × (busy − 1))})
 * @param seed the seed of every random choice (scheduling ties, branch outcomes drawn from probabilities)
 * @param cycles instruction class → cycles per instruction ({@code cycles.NAME} keys without the prefix)
 * @param costs synchronization or communication cost → cycles ({@code cost.NAME} keys without the prefix)
 * @param caches data cache level → bytes ({@code cache.NAME.bytes} keys: {@code l1}, {@code l2}, …): an
 *     array walk is priced by the smallest level that holds its data set ({@code cycles.bc.walk.*})
 * @param wakeIdle a wake-up onto another processor against that processor's idle time ({@code wake.remote.idle.*},
 *     {@code calibrate --cross-core}); {@link WakeTable#NONE}: not measured, the cross-core group's constants apply
 * @param jit the JIT term ({@code jit.*}, version 4, session 41): compilations' processor time and code that runs
 *     before it is compiled; {@link JitCosts#NONE}: none, the program's compiled code only
 */
public record MachineModel(String name, int processors, double clockHz, Scheduling scheduling, long timeSliceCycles,
        double memoryContention, long seed, Map<String, Long> cycles, Map<String, Long> costs, Map<String, Long> caches,
        WakeTable wakeIdle, JitCosts jit) {

    /** A machine without a JIT term (every machine file before version 4). */
    public MachineModel(String name, int processors, double clockHz, Scheduling scheduling, long timeSliceCycles,
            double memoryContention, long seed, Map<String, Long> cycles, Map<String, Long> costs, Map<String, Long> caches,
            WakeTable wakeIdle) {
        this(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, seed, cycles, costs, caches, wakeIdle, JitCosts.NONE);
    }

    /** The level name of a footprint no cache of the machine holds. */
    public static final String OUT_OF_CACHE = "out";

    /** A machine without cache sizes (every array walk priced as a cache hit). */
    public MachineModel(String name, int processors, double clockHz, Scheduling scheduling, long timeSliceCycles,
            double memoryContention, long seed, Map<String, Long> cycles, Map<String, Long> costs) {
        this(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, seed, cycles, costs, Map.of());
    }

    /** A machine without a wake-up table (a wake-up onto another processor costs the cross-core group's constants). */
    public MachineModel(String name, int processors, double clockHz, Scheduling scheduling, long timeSliceCycles,
            double memoryContention, long seed, Map<String, Long> cycles, Map<String, Long> costs, Map<String, Long> caches) {
        this(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, seed, cycles, costs, caches, WakeTable.NONE);
    }

    /** The instruction class every unnamed class costs as. */
    public static final String DEFAULT_CLASS = "default";

    /** The {@code cycles} key of leaving a loop (once per entry: the JIT's loop set-up and exit); unset: 0. */
    public static final String LOOP_EXIT = "bc.loop-exit";

    /**
     * The {@code cycles} key of one mispredicted branch (session 46, {@code calibrate}'s {@code BranchProbe}): a
     * decision that is not a loop control pays it times the share of its visits that leave by an edge other
     * than its likeliest; unset: 0 (files before it predict as before).
     */
    public static final String MISPREDICT = "bc.mispredict";

    /**
     * The {@code cost} key of a cross-processor wake-up's processor time (the cross-core group, {@code
     * calibrate --cross-core}): charged to a thread woken onto another, idle processor before it runs. Unset: 0.
     */
    public static final String WAKE_REMOTE = "jvm.wake.remote";

    /** The {@code cost} key of a cross-processor wake-up's delay beyond {@link #WAKE_REMOTE}: the idle processor waking up, not processor time. Unset: 0. */
    public static final String WAKE_REMOTE_LATENCY = "jvm.wake.remote.latency";

    /**
     * The {@code cost} key of a started thread's own processor time after its body returns (its exit, session 48,
     * {@code calibrate --thread-exit}): charged to the thread at its end, before a join sees it. {@code
     * jvm.thread-start} is the starter's and the thread's up to its body. Unset: 0 (files before it predict as before).
     */
    public static final String THREAD_EXIT = "jvm.thread-exit";

    /** How runnable threads beyond the processor count wait. */
    public enum Scheduling {
        /** A thread keeps its processor until it blocks or ends; waiting threads start in arrival order. */
        FIFO,
        /** A thread is preempted after each time slice and queued behind the waiting ones. */
        ROUND_ROBIN,
        /** Like round-robin, but the next thread is drawn at random (seeded) from the waiting ones. */
        RANDOM
    }

    /** Checks the ranges and freezes the maps. */
    public MachineModel {
        if (processors < 1) throw new IllegalArgumentException("processors must be at least 1, not " + processors);
        if (!(clockHz > 0) || Double.isInfinite(clockHz)) throw new IllegalArgumentException("clock must be a positive number of Hz, not " + clockHz);
        if (timeSliceCycles < 1) throw new IllegalArgumentException("time slice must be at least 1 cycle, not " + timeSliceCycles);
        if (!(memoryContention >= 0) || Double.isInfinite(memoryContention)) {
            throw new IllegalArgumentException("memory contention must be a number ≥ 0, not " + memoryContention);
        }
        if (scheduling == null) throw new IllegalArgumentException("scheduling is missing");
        if (wakeIdle == null) wakeIdle = WakeTable.NONE;
        if (jit == null) jit = JitCosts.NONE;
        cycles = frozen(cycles, "cycles");
        costs = frozen(costs, "cost");
        caches = frozen(caches, "cache");
        if (!cycles.containsKey(DEFAULT_CLASS)) throw new IllegalArgumentException("cycles." + DEFAULT_CLASS + " is missing");
    }

    /** A one-processor machine at 1 GHz where every instruction costs one cycle and synchronization is free. */
    public static MachineModel unit() {
        return new MachineModel("unit", 1, 1e9, Scheduling.FIFO, 10_000, 0, 1, Map.of(DEFAULT_CLASS, 1L), Map.of());
    }

    /** Cycles of one instruction of class {@code name}: its own entry, else {@code cycles.default}. */
    public long cyclesOf(String name) {
        Long c = cycles.get(name);
        return c != null ? c : cycles.get(DEFAULT_CLASS);
    }

    /** The {@code cycles} key of a call into a JDK method the graph does not contain ({@code OpClass.JDK}). */
    public static final String JDK_CALL = "bc.jdk";

    /**
     * Cycles of one call into a JDK method the graph does not contain, body included: {@code
     * cycles.bc.jdk}, else (a machine file from before session 39) {@code cycles.bc.invoke}, what such
     * a call cost then, so that an older file predicts as it did.
     */
    public long jdkCallCycles() {
        Long c = cycles.get(JDK_CALL);
        return c != null ? c : cyclesOf("bc.invoke");
    }

    /** Cycles of the synchronization or communication cost {@code name}, 0 when the machine does not set it. */
    public long costOf(String name) {
        return costs.getOrDefault(name, 0L);
    }

    /**
     * The smallest cache level that holds {@code bytes} ({@code l1} before {@code l2}: by size), or
     * {@link #OUT_OF_CACHE}; null when the machine names no cache (nothing to price).
     */
    public String cacheLevel(double bytes) {
        if (caches.isEmpty()) return null;
        String best = null;
        for (Map.Entry<String, Long> e : caches.entrySet()) {
            if (e.getValue() >= bytes && (best == null || e.getValue() < caches.get(best))) best = e.getKey();
        }
        return best == null ? OUT_OF_CACHE : best;
    }

    /** Seconds that {@code cycles} cycles take on this machine. */
    public double seconds(double cycles) {
        return cycles / clockHz;
    }

    /** The same machine with another processor count (a {@code --procs} sweep). */
    public MachineModel withProcessors(int n) {
        return new MachineModel(name, n, clockHz, scheduling, timeSliceCycles, memoryContention, seed, cycles, costs, caches, wakeIdle, jit);
    }

    /** The same machine with {@code more} costs set (replacing those of the same name): a calibrated group added to a file. */
    public MachineModel withCosts(Map<String, Long> more) {
        TreeMap<String, Long> all = new TreeMap<>(costs);
        all.putAll(more);
        return new MachineModel(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, seed, cycles, all, caches, wakeIdle, jit);
    }

    /** The same machine with {@code more} instruction-class cycles set (replacing those of the same name): a calibrated key added to a file. */
    public MachineModel withCycles(Map<String, Long> more) {
        TreeMap<String, Long> all = new TreeMap<>(cycles);
        all.putAll(more);
        return new MachineModel(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, seed, all, costs, caches, wakeIdle, jit);
    }

    /** This machine with {@code memory.contention} {@code f} (calibrate --co-run, session 47). */
    public MachineModel withMemoryContention(double f) {
        return new MachineModel(name, processors, clockHz, scheduling, timeSliceCycles, f, seed, cycles, costs, caches, wakeIdle, jit);
    }

    /** The same machine with another seed (one of {@code --runs} repetitions). */
    public MachineModel withSeed(long s) {
        return new MachineModel(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, s, cycles, costs, caches, wakeIdle, jit);
    }

    /** The same machine with another wake-up table (a calibrated one added to a file). */
    public MachineModel withWakeIdle(WakeTable t) {
        return new MachineModel(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, seed, cycles, costs, caches, t, jit);
    }

    /** The same machine with another JIT term (a calibrated one added to a file). */
    public MachineModel withJit(JitCosts j) {
        return new MachineModel(name, processors, clockHz, scheduling, timeSliceCycles, memoryContention, seed, cycles, costs, caches, wakeIdle, j);
    }

    private static Map<String, Long> frozen(Map<String, Long> m, String prefix) {
        TreeMap<String, Long> copy = new TreeMap<>();
        for (Map.Entry<String, Long> e : m.entrySet()) {
            if (e.getKey().isEmpty() || e.getValue() == null || e.getValue() < 0) {
                throw new IllegalArgumentException(prefix + "." + e.getKey() + " must be a number of cycles ≥ 0, not " + e.getValue());
            }
            copy.put(e.getKey(), e.getValue());
        }
        return Collections.unmodifiableMap(copy);
    }
}
