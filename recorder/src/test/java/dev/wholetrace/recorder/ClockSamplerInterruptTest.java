package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A program that interrupts every thread it finds (a leaked-thread clean-up) reaches the recorder's clock too. The
 * clock never stopped at it (only stop() ends it), but an interrupted thread's park returns at once: it sampled in a
 * loop, a core busy for the rest of the run. It clears the interrupt, as the strata stage does, and goes on
 * sleeping between samples.
 */
class ClockSamplerInterruptTest {
    @Test
    void anInterruptedClockStillSleepsBetweenSamples() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        ClockSampler clock = new ClockSampler(new AtomicLong());
        Thread t = new Thread(clock, "clock");
        t.setDaemon(true);
        t.start();
        try {
            Thread.sleep(50);
            t.interrupt();
            long cpuBefore = mx.getThreadCpuTime(t.getId());
            long wallBefore = System.nanoTime();
            Thread.sleep(1000);
            long cpu = mx.getThreadCpuTime(t.getId()) - cpuBefore;
            long wall = System.nanoTime() - wallBefore;
            assertThat(t.isAlive()).as("only stop() ends the clock").isTrue();
            // asleep: about a hundred wake-ups of microseconds each; spinning: all the CPU the machine gave it
            assertThat(cpu).as("CPU time of the clock in %d ms after the interrupt", wall / 1_000_000).isLessThan(100_000_000L);
        } finally {
            clock.stop();
            t.join(5000);
        }
        assertThat(t.isAlive()).isFalse();
    }
}
