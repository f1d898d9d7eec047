package dev.wholetrace.agent.runtime;

import dev.wholetrace.recorder.TraceRecorder;

/**
 * Barrier episodes without reading CyclicBarrier's private generation: per thread, how many awaits
 * it completed on each barrier. With the same parties in every generation, a thread's k-th pass of
 * a barrier is the barrier's generation k, so every participant names the same episode.
 */
final class SyncBarrierEpisodes {
    private SyncBarrierEpisodes() {}

    /** The calling thread's count of passes of {@code barrier} (an object id) so far, then counts one more. */
    static long next(TraceRecorder r, long barrier) {
        return ThreadState.of(r).barrierPasses.getAndIncrement(barrier);
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
