package dev.wholetrace.simulate.des;

import java.util.List;
import java.util.Map;

/**
 * One simulated run.
 *
 * @param cycles simulated time until the last thread ended (or until nothing could run)
 * @param seconds the same on the machine's clock
 * @param steps vertices executed
 * @param truncated the run hit the step limit before the program ended
 * @param blockedAtEnd threads still waiting when nothing could run any more (a worker pool's idle
 *     threads; a deadlock, if the main thread is one of them)
 * @param threads per simulated thread: its body and where its time went
 * @param methodCycles cycles executed per method (exclusive: a callee's cycles are its own)
 * @param waitCycles cycles threads waited, per lock, barrier, latch, queue or join
 * @param methodCounts per method that ran: its invocations and the back-edges its loops took, over all threads
 *     (what the JVM's compilation thresholds count: {@link JitWindow})
 */
public record SimResult(double cycles, double seconds, long steps, boolean truncated, int blockedAtEnd, List<ThreadTime> threads,
        Map<String, Double> methodCycles, Map<String, Double> waitCycles, Map<String, MethodCount> methodCounts) {

    /** A run without method counts. */
    public SimResult(double cycles, double seconds, long steps, boolean truncated, int blockedAtEnd, List<ThreadTime> threads,
            Map<String, Double> methodCycles, Map<String, Double> waitCycles) {
        this(cycles, seconds, steps, truncated, blockedAtEnd, threads, methodCycles, waitCycles, Map.of());
    }

    /**
     * Whether the run ended with its main thread still waiting: a deadlock in the model (its time is not the
     * program's), not a pool's idle workers waiting after main returned.
     */
    public boolean mainNeverEnded() {
        return blockedAtEnd > 0 && !threads.isEmpty() && threads.get(0).end() >= cycles;
    }

    /**
     * @param invocations times the method was entered (a call, or a thread's body started)
     * @param backEdges times one of its loops took its stay edge (an iteration after the first test)
     * @param codeCycles cycles of its instructions (not of its synchronization or call costs): what runs slower
     *     before the JIT has compiled it
     */
    public record MethodCount(long invocations, long backEdges, double codeCycles) {}

    /**
     * @param id thread number in creation order (0: main)
     * @param body the method it runs
     * @param start cycle it was started
     * @param end cycle it ended (or the end of the run)
     * @param executing cycles on a processor
     * @param waiting cycles blocked (locks, barriers, joins, queues)
     * @param ready cycles runnable without a processor (more threads than processors)
     */
    public record ThreadTime(int id, String body, double start, double end, double executing, double waiting, double ready) {}
}
