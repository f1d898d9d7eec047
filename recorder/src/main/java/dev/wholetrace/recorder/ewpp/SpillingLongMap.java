package dev.wholetrace.recorder.ewpp;

import dev.wholetrace.model.util.LongLongMap;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A last-writer table with a cap on memory (tallam-gupta §3.4's proposal, applied to the table):
 * at most {@code cap} entries in memory; when a new key would exceed it, every entry in memory (the
 * oldest writes: anything newer is written after the spill) is written to disk as one run sorted by
 * key and memory is cleared. A lookup that misses in memory searches the runs, newest first, by
 * binary search, and brings a hit back into memory. Nothing is lost, so a dependence is never
 * attributed wrongly; the price is a disk probe per miss once a spill happened (reads of a file the
 * page cache usually holds). The spill file is unlinked as soon as it is open (it lives as long as
 * the process or {@link #close}).
 *
 * <p>Only classes every JVM has loaded before an agent starts are used here
 * ({@link RandomAccessFile}, {@link File}: the JVM opened the agent's jar with them): a spill in
 * the middle of a run must load no JDK class, or the agent would instrument it and number the
 * program's instructions differently from a run without spills (a filter from another run names
 * them by number).
 *
 * <p>Runs are not merged: a miss costs O(runs · log cap) probes; with the default cap
 * ({@code EwppCaps}) a run is 16 MiB and programs write few such.
 */
public final class SpillingLongMap implements AutoCloseable {
    private static final int ENTRY = 16;
    private final int cap;
    private final LongLongMap memory = new LongLongMap();
    private static final AtomicLong FILES = new AtomicLong();
    private RandomAccessFile file;
    private long end;
    private long[] runStart = new long[8];
    private long[] runCount = new long[8];
    private int runs;
    private final byte[] probe = new byte[ENTRY];
    private long spilledEntries;
    private long diskHits;

    public SpillingLongMap(int cap) {
        if (cap < 1) throw new IllegalArgumentException("cap must be at least 1, not " + cap);
        this.cap = cap;
    }

    /** The value of {@code key}, 0 if none. */
    public long get(long key) {
        long v = memory.get(key);
        if (v != 0 || runs == 0) return v;
        for (int r = runs - 1; r >= 0; r--) {
            v = search(runStart[r], runCount[r], key);
            if (v != 0) {
                diskHits++;
                put(key, v); // the next probe of a hot address stays in memory
                return v;
            }
        }
        return 0;
    }

    /** Sets {@code key} to {@code value} (non-zero), spilling memory first if it is full. */
    public void put(long key, long value) {
        if (memory.size() >= cap && memory.get(key) == 0) spill();
        memory.put(key, value);
    }

    /** Whether a put of a key not in memory would spill first. */
    public boolean full() {
        return memory.size() >= cap;
    }

    /** Whether anything was spilled: a miss in memory then reads the disk. */
    public boolean spilled() {
        return runs > 0;
    }

    /** The value of {@code key} if it is in memory, else 0 (no disk probe). */
    public long getInMemory(long key) {
        return memory.get(key);
    }

    /** Entries in memory. */
    public int inMemory() {
        return memory.size();
    }

    /** Entries written to disk so far (over every spill). */
    public long spilledEntries() {
        return spilledEntries;
    }

    /** Lookups answered from disk. */
    public long diskHits() {
        return diskHits;
    }

    private void spill() {
        long[] keys = memory.keys();
        Arrays.sort(keys);
        byte[] out = new byte[keys.length * ENTRY];
        for (int i = 0; i < keys.length; i++) {
            put(out, i * ENTRY, keys[i]);
            put(out, i * ENTRY + 8, memory.get(keys[i]));
        }
        try {
            if (file == null) {
                String name = new StringBuilder("wholetrace-ewpp-spill-").append(ProcessHandle.current().pid()).append('-')
                        .append(FILES.incrementAndGet()).append(".bin").toString(); // no string concatenation: it may spin classes
                File f = new File(System.getProperty("java.io.tmpdir"), name);
                file = new RandomAccessFile(f, "rw");
                f.delete(); // unlinked: the open file lives on until closed or the process ends
            }
            file.seek(end);
            file.write(out);
            if (runs == runStart.length) {
                runStart = Arrays.copyOf(runStart, runs * 2);
                runCount = Arrays.copyOf(runCount, runs * 2);
            }
            runStart[runs] = end;
            runCount[runs] = keys.length;
            runs++;
            end += out.length;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill the eWPP last-writer table to disk", e);
        }
        spilledEntries += keys.length;
        memory.clear();
    }

    private long search(long start, long count, long key) {
        long lo = 0;
        long hi = count - 1;
        while (lo <= hi) {
            long mid = (lo + hi) >>> 1;
            read(start + mid * ENTRY);
            long k = get(probe, 0);
            if (k == key) return get(probe, 8);
            if (k < key) lo = mid + 1;
            else hi = mid - 1;
        }
        return 0;
    }

    private void read(long at) {
        try {
            file.seek(at);
            file.readFully(probe);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the eWPP last-writer table's spill file", e);
        }
    }

    private static void put(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    private static long get(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = v << 8 | (b[at + i] & 0xFF);
        return v;
    }

    @Override
    public void close() {
        if (file == null) return;
        try {
            file.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        file = null;
    }
}
