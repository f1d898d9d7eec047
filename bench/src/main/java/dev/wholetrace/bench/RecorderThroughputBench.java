package dev.wholetrace.bench;

import dev.wholetrace.bench.ProgramWorkload.Emitter;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;

/**
 * Part (2) of {@code bench trace}: the recorder's throughput in COR, CDR and ALL for 1, 2 (and 4)
 * program threads, emit side and end to end, against a same-run baseline of the identical event
 * loop writing into a private ring.
 */
final class RecorderThroughputBench {
    private final Log log;
    private final boolean quick;

    RecorderThroughputBench(Log log, boolean quick) {
        this.log = log;
        this.quick = quick;
    }

    /** One recorder configuration: medians over the reps. Rates are events per second. */
    record Throughput(TraceMode mode, boolean folded, int threads, int workers, long events, int reps, double baselinePerThread,
                      double baselineTotal, double emitPerThread, double emitTotal, double endToEnd, long fileBytes,
                      double otherLoad) {}

    /** Per-thread and total events/s of one run of the program threads (emit side). */
    private record Run(double perThread, double total, long events, long startNanos) {}

    List<Throughput> run(Path dir) throws Exception {
        int[] threadCounts = quick ? new int[] {1, 2} : new int[] {1, 2, 4};
        TraceMode[] modes = {TraceMode.COR, TraceMode.CDR, TraceMode.ALL};
        long perRun = quick ? 3_000_000L : 12_000_000L; // events per recording, all threads
        int reps = quick ? 1 : 3;
        Path file = dir.resolve("recorder.wtrace");

        log.info("(2) warming up the recorder and the baseline loop");
        for (int i = 0; i < 2; i++) {
            for (TraceMode mode : modes) record(file, mode, true, 1, 1_000_000);
            baseline(1, 4_000_000);
        }
        List<Throughput> out = new ArrayList<>();
        for (int threads : threadCounts) {
            for (TraceMode mode : modes) {
                out.add(throughput(file, mode, true, threads, perRun, reps));
                // The same run without path folding (plain SEQUITUR per event): what folding buys.
                if (threads == 1) out.add(throughput(file, mode, false, threads, perRun, reps));
            }
        }
        Files.deleteIfExists(file);
        return out;
    }

    private Throughput throughput(Path file, TraceMode mode, boolean fold, int threads, long perRun, int reps) throws Exception {
        CpuMeter.Sample a = CpuMeter.now();
        double[][] v = new double[5][reps];
        long events = 0;
        long bytes = 0;
        for (int r = 0; r < reps; r++) {
            Run base = baseline(threads, TraceCommand.BASELINE_EVENTS / threads);
            double[] rec = record(file, mode, fold, threads, perRun / threads);
            v[0][r] = base.perThread;
            v[1][r] = base.total;
            v[2][r] = rec[0];
            v[3][r] = rec[1];
            v[4][r] = rec[2];
            events = (long) rec[3];
            bytes = (long) rec[4];
        }
        Throughput t = new Throughput(mode, fold, threads, RecorderConfig.defaults(mode).workers(), events, reps,
                TraceCommand.median(v[0]), TraceCommand.median(v[1]), TraceCommand.median(v[2]), TraceCommand.median(v[3]), TraceCommand.median(v[4]), bytes,
                CpuMeter.otherCores(a, CpuMeter.now()));
        log.info("  %s%s, %d thread(s): baseline %.1f M ev/s/thread; recording emit %.2f M ev/s/thread (%.2f total), "
                        + "end-to-end %.2f M ev/s; %.3f bytes/event", mode.label(), fold ? "" : " (paths not folded)", threads,
                t.baselinePerThread / 1e6, t.emitPerThread / 1e6, t.emitTotal / 1e6, t.endToEnd / 1e6, bytes / (double) events);
        return t;
    }

    /** The baseline: median of three runs (it is fast, so single runs are noisy). */
    private Run baseline(int threads, long perThread) throws Exception {
        Run[] runs = new Run[3];
        for (int i = 0; i < runs.length; i++) runs[i] = runThreads(threads, perThread, t -> new ProgramWorkload.Ring());
        Arrays.sort(runs, (a, b) -> Double.compare(a.total, b.total));
        return runs[1];
    }

    /** One recording; returns emit per-thread rate, emit total rate, end-to-end rate, events, file bytes. */
    private double[] record(Path file, TraceMode mode, boolean fold, int threads, long perThread) throws Exception {
        Run r;
        long end;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withFoldPaths(fold))) {
            r = runThreads(threads, perThread, t -> new ProgramWorkload.Recording(rec.thread()));
            rec.close();
            end = System.nanoTime();
        }
        double endToEnd = r.events / ((end - r.startNanos) / 1e9);
        return new double[] {r.perThread, r.total, endToEnd, r.events, Files.size(file)};
    }

    /**
     * Runs the workload on {@code threads} new threads that start together; each makes its
     * emitter first (registration is not timed) and stops its clock after {@code end()}.
     */
    private static Run runThreads(int threads, long perThread, IntFunction<Emitter> emitter) throws Exception {
        System.gc();
        ReentrantLock lock = new ReentrantLock();
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        long[] done = new long[threads];
        long[] events = new long[threads];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int t = i;
            ts[t] = new Thread(() -> {
                try {
                    Emitter e = emitter.apply(t);
                    start.await();
                    events[t] = ProgramWorkload.run(e, lock, TraceCommand.SEED + t, t, perThread);
                    e.end();
                    done[t] = System.nanoTime();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    start.reset();
                }
            }, "program-" + t);
            ts[t].start();
        }
        start.await();
        long t0 = System.nanoTime();
        for (Thread t : ts) t.join();
        if (failure.get() != null) throw new IllegalStateException("program thread failed", failure.get());
        long total = 0;
        long last = t0;
        double perThreadSum = 0;
        for (int t = 0; t < threads; t++) {
            total += events[t];
            last = Math.max(last, done[t]);
            perThreadSum += events[t] / ((done[t] - t0) / 1e9);
        }
        return new Run(perThreadSum / threads, total / ((last - t0) / 1e9), total, t0);
    }
}
