package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.SyncKind;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A profiling harness, not a test: times {@link SyncOrderCodec#encode} (the writer's part of a
 * chunk's sync order: the merge of the threads' tickets and the copy of their columns) on a
 * chunk like the Guava driver's, three threads doing 7 sync operations an iteration, their
 * tickets interleaved in runs of about three, and prints the thread CPU time per operation and
 * the payload's bytes (docs/results/overhead-profile.md, session 37). Run with the test
 * classpath: {@code java -cp ... dev.wholetrace.format.wtrace.SyncOrderEncodeBench OPERATIONS REPS}.
 */
public final class SyncOrderEncodeBench {
    private SyncOrderEncodeBench() {}

    public static void main(String[] a) {
        int threads = 3, ops = Integer.parseInt(a[0]), reps = Integer.parseInt(a[1]);
        Random r = new Random(1);
        ThreadSyncColumn[] cols = new ThreadSyncColumn[threads];
        for (int t = 0; t < threads; t++) cols[t] = new ThreadSyncColumn(1 << 20);
        long[] seq = new long[threads];
        int t = 0;
        for (long ticket = 0; ticket < ops; ticket++) {
            if (r.nextInt(3) == 0) t = r.nextInt(threads); // runs of ~3 a thread
            int k = (int) (seq[t]++ % 7);
            SyncKind kind = k < 2 ? SyncKind.LOCK : k < 4 ? SyncKind.UNLOCK : k < 6 ? SyncKind.VOLATILE_WRITE : SyncKind.VOLATILE_READ;
            cols[t].add(ticket, SymbolTag.syncValue(kind, 10 + k), 1000 + (seq[t] * 7 + k) % 40, 0);
        }
        List<ThreadChunk> chunks = new ArrayList<>();
        for (int i = 0; i < threads; i++) chunks.add(new ThreadChunk(i, seq[i], List.of(), cols[i]));
        var mx = ManagementFactory.getThreadMXBean();
        double[] ns = new double[reps];
        long bytes = 0;
        for (int i = 0; i < reps; i++) {
            long c = mx.getCurrentThreadCpuTime();
            bytes = SyncOrderCodec.encode(chunks).length;
            ns[i] = (mx.getCurrentThreadCpuTime() - c) / (double) ops;
        }
        Arrays.sort(ns);
        System.out.printf("%d ops, %d bytes, ns/op median %.2f min %.2f%n", ops, bytes, ns[reps / 2], ns[0]);
    }
}
