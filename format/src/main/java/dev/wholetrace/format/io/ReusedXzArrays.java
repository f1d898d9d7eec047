package dev.wholetrace.format.io;

import java.util.Arrays;
import org.tukaani.xz.ArrayCache;

/**
 * The xz encoders' work arrays (match-finder hash tables and chains, the window, the literal
 * coders), kept from one {@link Codec} section to the next instead of allocated anew for each: a
 * recording compresses a section every few milliseconds, and on the H2 driver these arrays were a
 * quarter of all the bytes the process allocated (JFR, docs/results/overhead-profile.md, "Session
 * 31"), most of them large enough for G1 to place them in humongous regions, which grew the heap.
 *
 * <p>Only exact sizes are handed back (the encoders size their work from the array's length), at
 * most {@link #KEPT} arrays of each element type and none above {@link #MAX_BYTES}, held strongly:
 * at most a few MB stay alive between sections, never a preset-9 encoder's hundreds. The arrays
 * only hold an encoder's scratch state: the compressed bytes are the same as without the cache.
 * Thread-safe (sections may be compressed on several threads).
 */
final class ReusedXzArrays extends ArrayCache {
    /** Arrays kept of each element type. */
    private static final int KEPT = 8;
    /** The largest array kept, in bytes. */
    private static final int MAX_BYTES = 4 << 20;
    /** Arrays smaller than this are not worth keeping. */
    private static final int MIN_BYTES = 16 << 10;

    static final ReusedXzArrays INSTANCE = new ReusedXzArrays();

    private final byte[][] bytes = new byte[KEPT][];
    private final int[][] ints = new int[KEPT][];
    private int nextBytes;
    private int nextInts;

    @Override
    public byte[] getByteArray(int size, boolean fillWithZeros) {
        byte[] a = null;
        synchronized (this) {
            for (int i = 0; i < KEPT; i++) {
                if (bytes[i] != null && bytes[i].length == size) {
                    a = bytes[i];
                    bytes[i] = null;
                    break;
                }
            }
        }
        if (a == null) return new byte[size];
        if (fillWithZeros) Arrays.fill(a, (byte) 0);
        return a;
    }

    @Override
    public void putArray(byte[] array) {
        if (array.length < MIN_BYTES || array.length > MAX_BYTES) return;
        synchronized (this) {
            bytes[nextBytes] = array; // the oldest kept goes first
            nextBytes = (nextBytes + 1) % KEPT;
        }
    }

    @Override
    public int[] getIntArray(int size, boolean fillWithZeros) {
        int[] a = null;
        synchronized (this) {
            for (int i = 0; i < KEPT; i++) {
                if (ints[i] != null && ints[i].length == size) {
                    a = ints[i];
                    ints[i] = null;
                    break;
                }
            }
        }
        if (a == null) return new int[size];
        if (fillWithZeros) Arrays.fill(a, 0);
        return a;
    }

    @Override
    public void putArray(int[] array) {
        if (array.length < MIN_BYTES / 4 || array.length > MAX_BYTES / 4) return;
        synchronized (this) {
            ints[nextInts] = array;
            nextInts = (nextInts + 1) % KEPT;
        }
    }
}
