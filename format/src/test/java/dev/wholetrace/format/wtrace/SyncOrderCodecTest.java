package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * SYNC_ORDER version 4 (columns, each coded against a prediction) reads back exactly what was
 * written, whatever the interleaving, objects, sites and aux values; damaged payloads are
 * format errors, never another exception.
 */
class SyncOrderCodecTest {
    @Property(tries = 300)
    void decodesExactlyWhatWasEncoded(@ForAll("seed") long seed, @ForAll @IntRange(min = 1, max = 9) int threads,
                                      @ForAll @IntRange(min = 0, max = 3000) int ops) throws Exception {
        List<long[]> expected = randomOps(new Random(seed), threads, ops); // in ticket order
        List<long[]> decoded = decode(SyncOrderCodec.encode(chunksOf(expected, threads + 1)), threads + 1);
        assertThat(decoded).hasSize(ops);
        for (int i = 0; i < ops; i++) assertThat(decoded.get(i)).as("operation %d", i).containsExactly(expected.get(i));
    }

    /**
     * Tickets from one counter, as the recorder takes them: a chunk's span nearly every ticket
     * of a range, which the writer merges through a table by ticket rather than the heap that
     * takes the scattered tickets of the property above.
     */
    @Property(tries = 300)
    void decodesExactlyWhatWasEncodedWhenTicketsAreDense(@ForAll("seed") long seed, @ForAll @IntRange(min = 1, max = 9) int threads,
                                                         @ForAll @IntRange(min = 0, max = 3000) int ops) throws Exception {
        List<long[]> expected = randomOps(new Random(seed), threads, ops, 3); // in ticket order
        List<long[]> decoded = decode(SyncOrderCodec.encode(chunksOf(expected, threads + 1)), threads + 1);
        assertThat(decoded).hasSize(ops);
        for (int i = 0; i < ops; i++) assertThat(decoded.get(i)).as("operation %d", i).containsExactly(expected.get(i));
    }

    /** A chunk of more operations than the writer's merge table takes at a time (it goes window by window). */
    @Test
    void aChunkLongerThanTheMergeWindowDecodesExactly() throws Exception {
        List<long[]> expected = randomOps(new Random(7), 3, 200_000, 3);
        List<long[]> decoded = decode(SyncOrderCodec.encode(chunksOf(expected, 4)), 4);
        assertThat(decoded).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) assertThat(decoded.get(i)).as("operation %d", i).containsExactly(expected.get(i));
    }

    /**
     * Threads of the chunk without operations (a thread that only ran blocks), first, between and
     * last in the list: both merges skip them, dense tickets (the table) as scattered ones (the heap).
     */
    @Test
    void threadsWithoutOperationsAmongTheChunksAreSkipped() throws Exception {
        for (int maxGap : new int[] {3, 100_000}) {
            List<long[]> expected = randomOps(new Random(maxGap), 3, 5000, maxGap);
            List<ThreadChunk> chunks = new ArrayList<>();
            chunks.add(new ThreadChunk(1, 10, List.of(), new long[0]));
            for (ThreadChunk c : chunksOf(expected, 4)) {
                chunks.add(c);
                chunks.add(new ThreadChunk(1, 10, List.of(), ThreadSyncColumn.NONE));
            }
            List<long[]> decoded = decode(SyncOrderCodec.encode(chunks), 4);
            assertThat(decoded).as("gaps up to %d", maxGap).hasSize(expected.size());
            for (int i = 0; i < expected.size(); i++) assertThat(decoded.get(i)).as("operation %d", i).containsExactly(expected.get(i));
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Long> seed() {
        return net.jqwik.api.Arbitraries.longs();
    }

    @Test
    void aRegularThreadCostsAboutTwoBytesAnOperation() throws Exception {
        // Three threads taking eight striped locks around a monitor, as the Guava driver does.
        Random r = new Random(1);
        List<long[]> ops = new ArrayList<>();
        long ticket = 0;
        for (int i = 0; i < 30_000; i++) {
            int t = r.nextInt(3);
            long stripe = 100 + r.nextInt(8);
            ops.add(new long[] {t, ++ticket, 0L << 32 | 503, stripe, 0});
            ops.add(new long[] {t, ++ticket, 0L << 32 | 504, 95, 0});
            ops.add(new long[] {t, ++ticket, 1L << 32 | 505, 95, 0});
            ops.add(new long[] {t, ++ticket, 1L << 32 | 507, stripe, 0});
        }
        byte[] payload = SyncOrderCodec.encode(chunksOf(ops, 3));
        assertThat(payload.length).isLessThan(ops.size() * 21 / 10);
        assertThat(decode(payload, 3)).hasSize(ops.size());
    }

    @Test
    void damagedPayloadsAreFormatErrors() {
        Random r = new Random(5);
        List<ThreadChunk> chunks = chunksOf(randomOps(r, 4, 500), 5);
        byte[] good = SyncOrderCodec.encode(chunks);
        int errors = 0;
        for (int trial = 0; trial < 2000; trial++) {
            byte[] bad = good.clone();
            int flips = 1 + r.nextInt(3);
            for (int f = 0; f < flips; f++) bad[r.nextInt(bad.length)] ^= (byte) (1 + r.nextInt(255));
            try {
                decode(bad, 5);
            } catch (FormatException e) {
                errors++;
            }
        }
        assertThat(errors).as("most damage is caught by the structure alone").isGreaterThan(1000);
        assertThatThrownBy(() -> decode(java.util.Arrays.copyOf(good, good.length - 1), 5)).isInstanceOf(FormatException.class);
    }

    @Test
    void threadsBeyondTheDefinedOnesAreRefused() {
        List<ThreadChunk> chunks = chunksOf(randomOps(new Random(2), 3, 100), 4);
        byte[] payload = SyncOrderCodec.encode(chunks);
        assertThatThrownBy(() -> decode(payload, 2)).isInstanceOf(FormatException.class);
    }

    private static List<long[]> decode(byte[] payload, int threadCount) throws FormatException {
        List<long[]> out = new ArrayList<>();
        SyncOrderCodec.decode(TraceFormat.VERSION, new VarIntReader(payload, "SYNC_ORDER"), threadCount,
                (t, ticket, kindSite, object, aux) -> out.add(new long[] {t, ticket, kindSite, object, aux}));
        return out;
    }

    /**
     * Operations of {@code threads} threads (thread ids 0, 2, 3, …: one id unused) in a random
     * interleaving with ticket gaps; each thread runs a loop over a few sites with recurring and
     * new objects, extreme values now and then. Each operation: thread, ticket, kind &lt;&lt; 32 | site,
     * object, aux; in ticket order.
     */
    private static List<long[]> randomOps(Random r, int threads, int n) {
        return randomOps(r, threads, n, 100_000);
    }

    /** As above, each gap between two tickets at most {@code maxGap}. */
    private static List<long[]> randomOps(Random r, int threads, int n, int maxGap) {
        List<long[]> ops = new ArrayList<>();
        long ticket = r.nextInt(1000);
        for (int i = 0; i < n; i++) {
            int t = r.nextInt(threads);
            if (t > 0) t++;
            ticket += r.nextInt(10) == 0 ? 1 + r.nextInt(maxGap) : 1;
            int kind = r.nextInt(19);
            int site = r.nextInt(5) == 0 ? r.nextInt() : i % 7 - 2;
            long object = switch (r.nextInt(6)) {
                case 0 -> r.nextLong();
                case 1 -> r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
                default -> 100 + r.nextInt(40);
            };
            long aux = r.nextInt(4) == 0 ? r.nextLong() : 0;
            ops.add(new long[] {t, ticket, (long) kind << 32 | site & 0xFFFF_FFFFL, object, aux});
        }
        return ops;
    }

    private static List<ThreadChunk> chunksOf(List<long[]> ops, int threadIds) {
        List<ThreadChunk> chunks = new ArrayList<>();
        for (int t = 0; t < threadIds; t++) {
            List<long[]> mine = new ArrayList<>();
            for (long[] op : ops) if (op[0] == t) mine.add(op);
            if (mine.isEmpty()) continue;
            long[] sync = new long[mine.size() * ThreadChunk.SYNC_LONGS];
            for (int i = 0; i < mine.size(); i++) {
                System.arraycopy(mine.get(i), 1, sync, i * ThreadChunk.SYNC_LONGS, ThreadChunk.SYNC_LONGS);
            }
            chunks.add(new ThreadChunk(t, mine.size(), List.of(), sync));
        }
        return chunks;
    }
}
