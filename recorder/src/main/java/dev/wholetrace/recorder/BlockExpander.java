package dev.wholetrace.recorder;

import java.util.Arrays;

/**
 * Puts the blocks the agent left unprobed ({@link ImpliedBlocks}) back into a buffer of events:
 * a copy of the buffer with each block followed by the chain of blocks it implies, in one array
 * reused for every buffer. One per compressor worker, not per thread: a program that starts a
 * thread per task would otherwise allocate a buffer-sized array per thread.
 */
final class BlockExpander {
    private final ImpliedBlocks implied;
    private long[] out = new long[0];
    private int length;

    BlockExpander(ImpliedBlocks implied) {
        this.implied = implied;
    }

    /** Whether buffers need expanding: false until the agent leaves a block unprobed. */
    boolean needed() {
        return implied.any();
    }

    /** The events of {@code buf[0, n)} with the implied blocks put back; {@link #length} of them are valid. */
    long[] expand(long[] buf, int n) {
        long[] o = out;
        if (o.length < n + 64) o = new long[n + n / 2 + 64];
        int k = 0;
        for (int i = 0; i < n; ) {
            long head = buf[i];
            int longs = BufferLayout.longs(head);
            if (k + longs > o.length) o = Arrays.copyOf(o, o.length * 2);
            System.arraycopy(buf, i, o, k, longs);
            k += longs;
            i += longs;
            if (BufferLayout.tag(head) != BufferLayout.BLOCK) continue;
            for (int b = implied.next(BufferLayout.id(head)); b >= 0; b = implied.next(b)) {
                if (k == o.length) o = Arrays.copyOf(o, o.length * 2);
                o[k++] = BufferLayout.block(b);
            }
        }
        out = o;
        length = k;
        return o;
    }

    /** How many longs of the last {@link #expand}'s array are events. */
    int length() {
        return length;
    }
}
