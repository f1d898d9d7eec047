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
 */
public record SimResult(double cycles, double seconds, long steps, boolean truncated, int blockedAtEnd, List<ThreadTime> threads,
        Map<String, Double> methodCycles, Map<String, Double> waitCycles) {

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
