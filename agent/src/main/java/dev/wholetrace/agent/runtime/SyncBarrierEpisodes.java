package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.TraceRecorder;

/**
 * Barrier episodes: the barrier's real generation, numbered where CyclicBarrier.dowait reads it under the
 * barrier's lock (the JDK hook, {@link #generationRead}), handed to the await's probe through the thread's
 * state (a thread is in one await at a time). Without the hook (a JDK it cannot hook), per thread, how many
 * awaits it completed on each barrier: a thread's k-th pass is generation k only while the same threads
 * take part in every generation (not a pool's rounds on changing threads, nor a CyclicBarrier(1)).
 */
final class SyncBarrierEpisodes {
    private SyncBarrierEpisodes() {}

    /**
     * A barrier's generations seen so far: the last Generation object its awaits read and its number. Used only
     * under the barrier's lock (dowait holds it), which orders every update of one barrier's; it holds no reference
     * to the barrier, so the weak map's entry dies with it.
     */
    static final class Generations {
        Object last;
        long number = -1;
    }

    /**
     * The calling thread read {@code generation}, {@code barrier}'s current one, under its lock: a Generation object
     * other than the last one seen is the next generation (a trip or reset replaced it, under that lock). Its number
     * waits in the thread's state for {@link #passed}.
     */
    static void generationRead(Object[] thread, TraceRecorder r, Object barrier, Object generation) {
        Generations g = RuntimeState.get().barrierGenerations.computeIfAbsent(barrier, b -> new Generations());
        if (g.last != generation) {
            g.last = generation;
            g.number++;
        }
        if (r == null) return;
        ThreadState s = ThreadState.of(thread, r, barrier);
        s.awaitedBarrier = s.lastId;
        s.awaitedEpisode = g.number;
    }

    /**
     * The episode of the calling thread's pass of {@code barrier} (an object id): the generation its await read
     * ({@link #generationRead}), else its own count of passes of it so far (then counts one more).
     */
    static long passed(TraceRecorder r, long barrier) {
        ThreadState s = ThreadState.of(r);
        if (s.awaitedBarrier == barrier) {
            s.awaitedBarrier = 0;
            return s.awaitedEpisode;
        }
        return s.barrierPasses.getAndIncrement(barrier);
    }

    /** Counts by nonzero long key: open addressing, no allocation once a thread knows its barriers. */
    static final class LongCounts {
        private long[] keys = new long[8];
        private long[] counts = new long[8];
        private int size;

        long getAndIncrement(long key) {
            int i = indexOf(key);
            if (keys[i] == 0) {
                keys[i] = key;
                if (++size * 2 > keys.length) {
                    grow();
                    i = indexOf(key);
                }
            }
            return counts[i]++;
        }

        private int indexOf(long key) {
            int mask = keys.length - 1;
            int i = (int) (key * 0x9E3779B97F4A7C15L >>> 40) & mask;
            while (keys[i] != 0 && keys[i] != key) i = (i + 1) & mask;
            return i;
        }

        private void grow() {
            long[] oldKeys = keys;
            long[] oldCounts = counts;
            keys = new long[oldKeys.length * 2];
            counts = new long[oldKeys.length * 2];
            for (int j = 0; j < oldKeys.length; j++) {
                if (oldKeys[j] == 0) continue;
                int i = indexOf(oldKeys[j]);
                keys[i] = oldKeys[j];
                counts[i] = oldCounts[j];
            }
        }
    }
}
