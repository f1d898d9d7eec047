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
}
