package dev.wholetrace.format.io;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import org.tukaani.xz.ArrayCache;

/**
 * The xz encoders' work arrays (match-finder hash tables and chains, the window, the literal
 * coders), kept from one {@link Codec} section to the next instead of allocated anew for each: a
 * recording compresses a section every few milliseconds, and on the H2 driver these arrays were a
 * quarter of all the bytes the process allocated (JFR, docs/results/overhead-profile.md, "Session
 * 31"), most of them large enough for G1 to place them in humongous regions, which grew the heap.
 *
 * <p>Arrays are kept by size under a byte budget, not a fixed count: one encoder returns several
 * arrays of each element type, and the FAST codec sizes its dictionary from the section (up to
 * seven powers of two), so a count of eight per type let the sizes evict each other and ~44 MB of
 * arrays were still allocated per {@code JacksonDriver 40} run (session 51). When a returned array
 * would take the kept total above {@link #BUDGET_BYTES}, the arrays returned longest ago are
 * dropped first.
 *
 * <p><b>Memory bound:</b> at most {@link #BUDGET_BYTES} (16 MiB) of array payload stays alive
 * between sections, whatever the number of threads or dictionary sizes; no single array above
 * {@link #MAX_BYTES} (4 MiB) is kept, so a preset-9 encoder's hundreds of MB are never held.
 *
 * <p>Only exact sizes are handed back (the encoders size their work from the array's length), and
 * {@code fillWithZeros} is honoured; the encoders never read a dirty array they did not ask to be
 * zeroed, so the compressed bytes are the same as without the cache (xz-java's {@link ArrayCache}
 * contract: an array put back is no longer used by its caller; one got without zeroing has
 * undefined contents). Thread-safe (sections may be compressed on several threads).
 */
final class ReusedXzArrays extends ArrayCache {
    /** The most array payload kept between sections, in bytes. */
    static final long BUDGET_BYTES = 16L << 20;
    /** The largest array kept, in bytes. */
    static final int MAX_BYTES = 4 << 20;
    /** Arrays smaller than this are not worth keeping. */
    private static final int MIN_BYTES = 16 << 10;

    static final ReusedXzArrays INSTANCE = new ReusedXzArrays();

    /** Kept arrays (byte[] and int[]), the one returned longest ago first. */
    private final ArrayDeque<Object> kept = new ArrayDeque<>();
    private long keptBytes;
    private long reused;
    private long allocated;

    @Override
    public byte[] getByteArray(int size, boolean fillWithZeros) {
        byte[] a = (byte[]) take(byte[].class, size);
        if (a == null) return new byte[size];
        if (fillWithZeros) Arrays.fill(a, (byte) 0);
        return a;
    }

    @Override
    public void putArray(byte[] array) {
        keep(array, array.length);
    }

    @Override
    public int[] getIntArray(int size, boolean fillWithZeros) {
        int[] a = (int[]) take(int[].class, size);
        if (a == null) return new int[size];
        if (fillWithZeros) Arrays.fill(a, 0);
        return a;
    }

    @Override
    public void putArray(int[] array) {
        keep(array, 4L * array.length);
    }

    /** Arrays handed back from the cache so far (a statistic for tests). */
    synchronized long reused() {
        return reused;
    }

    /** Arrays of a keepable size that had to be allocated so far (a statistic for tests). */
    synchronized long allocated() {
        return allocated;
    }

    /** The payload bytes now kept; never above {@link #BUDGET_BYTES}. */
    synchronized long keptBytes() {
        return keptBytes;
    }

    /** A kept array of this type and length, removed from the cache, or null. */
    private synchronized Object take(Class<?> type, int length) {
        // newest first: the sizes used by the latest sections are the likeliest to be asked again
        for (Iterator<Object> it = kept.descendingIterator(); it.hasNext(); ) {
            Object a = it.next();
            if (a.getClass() == type && lengthOf(a) == length) {
                it.remove();
                keptBytes -= bytesOf(a);
                reused++;
                return a;
            }
        }
        long bytes = type == int[].class ? 4L * length : length;
        if (bytes >= MIN_BYTES && bytes <= MAX_BYTES) allocated++;
        return null;
    }

    private synchronized void keep(Object array, long bytes) {
        if (bytes < MIN_BYTES || bytes > MAX_BYTES) return;
        while (keptBytes + bytes > BUDGET_BYTES) keptBytes -= bytesOf(kept.removeFirst());
        kept.addLast(array);
        keptBytes += bytes;
    }

    private static int lengthOf(Object array) {
        return array instanceof int[] ints ? ints.length : ((byte[]) array).length;
    }

    private static long bytesOf(Object array) {
        return array instanceof int[] ? 4L * lengthOf(array) : lengthOf(array);
    }
}
