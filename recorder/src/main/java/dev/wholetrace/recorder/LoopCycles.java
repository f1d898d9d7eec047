package dev.wholetrace.recorder;

import java.util.Arrays;

/**
 * The block cycles of counted loops, by number: an innermost loop whose blocks always run in the same
 * order, one after the other (each has one successor inside the loop), is recorded as one event per
 * run of the loop, {@link ThreadRecorder#loopRun}: the cycle's number and how many of its blocks ran,
 * starting at its first. The instrumenter registers each such loop's cycle here when it instruments the
 * loop's class (before the class's code can run), and the compressors expand a run back into the
 * blocks it stands for ({@link #blocks}): the trace holds the same block events as if each block had
 * been probed (docs/agent.md, "How the agent is put together", counted loops).
 *
 * <p>Shared by every recording of the JVM (a number never changes its cycle). Registration is rare
 * (once per loop of an instrumented class) and synchronized; lookups on the compressor threads read
 * the published table without a lock: a run's events reach a compressor only after the loop's class
 * ran, which happened after its registration.
 */
public final class LoopCycles {
    private static final Object LOCK = new Object();
    private static volatile int[][] cycles = new int[64][];
    private static int count;

    private LoopCycles() {}

    /** Registers a cycle of block ids (its first the block each run starts at); returns its number. */
    public static int register(int[] blocks) {
        if (blocks.length == 0) throw new IllegalArgumentException("empty cycle");
        synchronized (LOCK) {
            int[][] table = cycles;
            if (count == table.length) table = Arrays.copyOf(table, 2 * count);
            table[count] = blocks.clone();
            cycles = table; // a volatile write after the entry's: publishes it
            return count++;
        }
    }

    /** The block ids of cycle {@code number}, in the order they run. */
    static int[] blocks(int number) {
        int[] c = cycles[number];
        if (c == null) throw new IllegalStateException("corrupt event buffer: no loop cycle " + number);
        return c;
    }
}
