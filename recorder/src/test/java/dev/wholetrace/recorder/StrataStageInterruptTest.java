package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

/**
 * A program that interrupts every thread it finds reaches a strata stage's thread too (mode STRATA with
 * pipeline=on). The stage ends through stop() only: an interrupted stage still sleeps while its ring is empty (its
 * idle wait clears the flag, which would make every park return at once), still seals what its worker hands it,
 * and stops when asked. Checked, not changed, in session 42: the interrupt hang fixed in the worker and the writer
 * in session 41 is not in the stage.
 */
class StrataStageInterruptTest {
    @Test
    void anInterruptedStageSleepsSealsAndStops() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        StrataStage stage = new StrataStage(GrammarAlgorithm.DEFAULT, 64, "wholetrace-strata-interrupted");
        stage.start();
        Thread t = null;
        for (Thread candidate : Thread.getAllStackTraces().keySet()) if (candidate.getName().equals("wholetrace-strata-interrupted")) t = candidate;
        assertThat(t).isNotNull();
        Thread.sleep(50);
        t.interrupt();
        long cpuBefore = mx.getThreadCpuTime(t.getId());
        Thread.sleep(1000);
        long cpu = mx.getThreadCpuTime(t.getId()) - cpuBefore;
        assertThat(cpu).as("CPU time of the idle stage in the second after the interrupt").isLessThan(100_000_000L);

        StrataStage.Port port = stage.port();
        for (int i = 0; i < 1000; i++) port.run(i % 5, 1 + i % 3); // more than the ring holds: the stage must take them
        t.interrupt();
        port.requestSeal();
        assertThat(port.awaitSeal()).as("sealed").isNotNull();
        t.interrupt();
        Thread stopper = new Thread(stage::stop);
        stopper.start();
        stopper.join(30_000);
        assertThat(stopper.isAlive()).as("stop() returned").isFalse();
        assertThat(t.isAlive()).isFalse();
    }

    /**
     * The worker's side: a program that interrupts every thread reaches the compressor worker too, and its
     * interrupt status stays set while it hands runs over (it is cleared only where the worker takes from its
     * queue). Waiting for room in the ring or for a seal must then still sleep: park returns at once for an
     * interrupted thread, and a loop around it spun on a core the stage needs (session 41's finding). The
     * worker here hands over runs the stage's grammar is slow to take (distinct paths), so it waits for room
     * most of the time; its CPU must stay a small part of the stage's.
     */
    @Test
    void anInterruptedWorkerWaitsWithoutSpinning() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        StrataStage stage = new StrataStage(GrammarAlgorithm.DEFAULT, "wholetrace-strata-busy");
        stage.start();
        Thread t = null;
        for (Thread candidate : Thread.getAllStackTraces().keySet()) if (candidate.getName().equals("wholetrace-strata-busy")) t = candidate;
        assertThat(t).isNotNull();
        StrataStage.Port port = stage.port();
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        for (int i = 0; i < 1_000_000; i++) port.run(random.nextInt(1 << 20), 1 + random.nextInt(4)); // both sides compiled
        // the same hand-over twice, not interrupted and interrupted: the worker's own work (drawing and handing over
        // runs) is in both; only waiting differs. Against a fixed share of the stage's CPU this failed on a loaded
        // machine, where the worker's own work alone came to half the stage's.
        // spinning, the interrupted worker burnt the time it should have parked: about the stage's CPU more than the
        // plain run (177 against 140 ms before the fix), in every pair; parking, the two differ by noise, which once
        // reached 45 ms against a bound of 41 in a full `mvn verify` (session 46). So the pair is run up to three times and
        // the smallest extra is judged: a spinning worker's extra is large in each pair, noise is not in all three.
        String seen = "";
        for (int attempt = 0; attempt < 3; attempt++) {
            long[] plain = handOver(mx, t, port, random, false);
            long[] interrupted = handOver(mx, t, port, random, true);
            long extra = interrupted[0] - plain[0];
            seen += String.format("%n  the interrupted worker's extra CPU (ns): %d against %d ns not interrupted, the stage's %d ns",
                    interrupted[0], plain[0], interrupted[1]);
            if (extra < interrupted[1] / 4) {
                stage.stop();
                return;
            }
        }
        stage.stop();
        throw new AssertionError("the interrupted worker spun in all three pairs (extra CPU not below a quarter of the stage's):" + seen);
    }

    /** 3,000,000 runs handed over and sealed, the calling thread interrupted or not: {worker CPU, stage CPU} in ns. */
    private static long[] handOver(ThreadMXBean mx, Thread stageThread, StrataStage.Port port, java.util.SplittableRandom random,
            boolean interrupt) {
        if (interrupt) Thread.currentThread().interrupt();
        long stageBefore = mx.getThreadCpuTime(stageThread.getId());
        long workerBefore = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < 3_000_000; i++) port.run(random.nextInt(1 << 20), 1 + random.nextInt(4));
        port.requestSeal();
        assertThat(port.awaitSeal()).as("sealed").isNotNull();
        long worker = mx.getCurrentThreadCpuTime() - workerBefore;
        long stage = mx.getThreadCpuTime(stageThread.getId()) - stageBefore;
        Thread.interrupted(); // not left to the next run or test
        return new long[] {worker, stage};
    }
}
