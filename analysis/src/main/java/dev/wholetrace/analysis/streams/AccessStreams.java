package dev.wholetrace.analysis.streams;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.HeapAccess;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * A CDR trace expanded into the raw streams of parallel-wpp-compression §3: per thread the block
 * ids (the control flow), the sync operations, and one address stream per load/store instruction.
 * These are what the general-purpose baselines compress and what Figure 4 compresses per
 * instruction; they are also where Table 2's shared-memory size comes from ({@link
 * RawStreamsAnalysis}). The arrays are the model's own: read them, do not change them.
 */
public final class AccessStreams {
    /** One instruction's addresses in one thread, in program order. */
    public static final class Stream {
        public final int thread;
        public final int instruction;
        private long[] addresses = new long[16];
        private int length;

        Stream(int thread, int instruction) {
            this.thread = thread;
            this.instruction = instruction;
        }

        void add(long address) {
            if (length == addresses.length) addresses = Arrays.copyOf(addresses, length * 2);
            addresses[length++] = address;
        }

        /** How many addresses the stream holds. */
        public int length() {
            return length;
        }

        /** The i-th address. */
        public long address(int i) {
            return addresses[i];
        }

        /** A copy of the addresses. */
        public long[] addresses() {
            return Arrays.copyOf(addresses, length);
        }
    }

    /** Raw record widths: a block id, an address, a sync operation (kind, site, object, aux). */
    public static final int BLOCK_BYTES = 4;
    public static final int ADDRESS_BYTES = 8;
    public static final int SYNC_BYTES = 21;

    /** Per thread, its block ids in order. */
    public final List<int[]> blocks;
    /** Per thread, its sync operations in order: kind ordinal, site, object, aux per operation. */
    public final List<long[]> syncs;
    /** One stream per (thread, load/store instruction), threads in order, each thread's in first-use order. */
    public final List<Stream> streams;
    public final long blockCount;
    public final long accessCount;
    public final long syncCount;

    private AccessStreams(Expansion e) {
        this.blocks = Collections.unmodifiableList(e.blocks);
        this.syncs = Collections.unmodifiableList(e.syncs);
        this.streams = Collections.unmodifiableList(e.streams);
        this.blockCount = e.blockCount;
        this.accessCount = e.accessCount;
        this.syncCount = e.syncCount;
    }

    /** Expands every thread of a CDR (or ALL) trace. */
    public static AccessStreams of(TraceView trace) {
        if (!trace.mode().streams) throw new IllegalArgumentException("the address streams need a CDR or ALL trace, not " + trace.mode());
        Expansion e = new Expansion();
        for (int t = 0; t < trace.threadCount(); t++) e.add(t, trace.events(t));
        return new AccessStreams(e);
    }

    /** The streams as they grow, thread by thread. */
    private static final class Expansion {
        final List<int[]> blocks = new ArrayList<>();
        final List<long[]> syncs = new ArrayList<>();
        final List<Stream> streams = new ArrayList<>();
        long blockCount;
        long accessCount;
        long syncCount;

        void add(int t, Iterator<Event> events) {
            int[] ids = new int[1024];
            int n = 0;
            long[] ops = new long[64];
            int m = 0;
            Stream[] byInstruction = new Stream[64];
            while (events.hasNext()) {
                Event e = events.next();
                switch (e.type()) {
                    case BLOCK -> {
                        if (n == ids.length) ids = Arrays.copyOf(ids, n * 2);
                        ids[n++] = e.id();
                    }
                    case LOAD, STORE -> {
                        int i = e.id();
                        if (i >= byInstruction.length) byInstruction = Arrays.copyOf(byInstruction, Math.max(i + 1, byInstruction.length * 2));
                        Stream s = byInstruction[i];
                        if (s == null) {
                            s = byInstruction[i] = new Stream(t, i);
                            streams.add(s);
                        }
                        s.add(e.address());
                        accessCount++;
                    }
                    case SYNC -> {
                        if (m + 4 > ops.length) ops = Arrays.copyOf(ops, ops.length * 2);
                        ops[m++] = e.kind().ordinal();
                        ops[m++] = e.id();
                        ops[m++] = e.object();
                        ops[m++] = e.aux();
                        syncCount++;
                    }
                }
            }
            blocks.add(Arrays.copyOf(ids, n));
            syncs.add(Arrays.copyOf(ops, m));
            blockCount += n;
        }
    }

    public long controlRawBytes() {
        return blockCount * BLOCK_BYTES;
    }

    public long syncRawBytes() {
        return syncCount * SYNC_BYTES;
    }

    public long dataRawBytes() {
        return accessCount * ADDRESS_BYTES;
    }

    public long rawBytes() {
        return controlRawBytes() + syncRawBytes() + dataRawBytes();
    }

    /** Table 2's shared memory: heap locations the traced code touched, and how many threads shared them. */
    public record SharedMemory(long locations, long bytes, long sharedLocations, long sharedBytes) {}

    /**
     * Distinct addresses, weighted by their width (an array element its element size, a field its
     * 8-byte slot, as the agent lays addresses out), and the part of them two or more threads touched.
     */
    public SharedMemory sharedMemory(CodeMap code) {
        int threads = blocks.size();
        long[][] perThread = new long[threads][];
        for (int t = 0; t < threads; t++) {
            long total = 0;
            for (Stream s : streams) if (s.thread == t) total += s.length;
            long[] all = new long[Math.toIntExact(total)];
            int at = 0;
            for (Stream s : streams) {
                if (s.thread != t) continue;
                int width = width(code.instruction(s.instruction));
                // the width rides in the low bits of a sortable key: address << 4 | width
                for (int i = 0; i < s.length; i++) {
                    long a = s.addresses[i];
                    if (Addresses.object(a) >= 1L << 25) throw new IllegalStateException("object id too large for the study's keys: " + Addresses.format(a));
                    all[at++] = a << 4 | width;
                }
            }
            perThread[t] = distinct(all);
        }
        long total = 0;
        for (long[] a : perThread) total += a.length;
        long[] merged = new long[Math.toIntExact(total)];
        int at = 0;
        for (long[] a : perThread) {
            System.arraycopy(a, 0, merged, at, a.length);
            at += a.length;
        }
        Arrays.sort(merged);
        long locations = 0, bytes = 0, shared = 0, sharedBytes = 0;
        for (int i = 0; i < merged.length; ) {
            int j = i + 1;
            while (j < merged.length && merged[j] == merged[i]) j++;
            long width = merged[i] & 15;
            locations++;
            bytes += width;
            if (j - i > 1) { // the same location and width in several threads' distinct sets
                shared++;
                sharedBytes += width;
            }
            i = j;
        }
        return new SharedMemory(locations, bytes, shared, sharedBytes);
    }

    private static long[] distinct(long[] a) {
        Arrays.sort(a);
        int n = 0;
        for (int i = 0; i < a.length; i++) if (n == 0 || a[n - 1] != a[i]) a[n++] = a[i];
        return Arrays.copyOf(a, n);
    }

    /** Bytes one access of this instruction covers (an 8-byte slot for a field or what the code map does not describe). */
    public static int width(CodeEntry instruction) {
        HeapAccess a = HeapAccess.of(instruction);
        return a == null ? 8 : a.width();
    }
}
