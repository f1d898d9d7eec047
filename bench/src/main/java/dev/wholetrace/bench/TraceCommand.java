package dev.wholetrace.bench;

import dev.wholetrace.bench.ProgramWorkload.Emitter;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.synthetic.RedBlackSor;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import dev.wholetrace.format.wtrace.ThreadChunk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench trace}: random access to sync segments of .wtrace files against their length, and
 * the recorder's throughput against a same-run baseline of the uninstrumented event loop.
 */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = {"Benchmarks the parallel trace: (1) random access to one sync segment "
                + "(ThreadTrace.segment(m, m+1) iterated, and syncPosition) in synthetic COR traces of 10^6 and 10^9 events "
                + "and a recorded RedBlackSor trace, plus file size and load time; (2) TraceRecorder throughput in COR, CDR "
                + "and ALL for 1, 2 (and 4) program threads against the same loop writing into a plain long[] ring.",
                "Writes trace.md, trace.csv and trace.png to the output directory."})
final class TraceCommand implements Callable<Integer> {
    @Option(names = "--quick", description = "Fewer samples, shorter recordings, no 4-thread runs (about 2 minutes).")
    boolean quick;

    @Option(names = "--out", defaultValue = "docs/results", description = "Where trace.md/.csv/.png go (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--work", defaultValue = "bench/work", description = "Generated traces (default: ${DEFAULT-VALUE}).")
    Path work;

    static final long SEED = 0x5EED_7ACEL;
    /** Synthetic trace loop counts (outermost first): 2 threads x 500 or 500,000 units of 1000 events. */
    static final int[] SMALL_LOOPS = {1, 1, 1, 5, 10, 10};
    static final int[] LARGE_LOOPS = {5, 10, 10, 10, 10, 10};
    static final int SYNTHETIC_THREADS = 2;
    /** Events per baseline run, all threads: it is far faster than recording, so it runs longer for a stable time. */
    static final long BASELINE_EVENTS = 24_000_000L;

    static long blackhole;
    private final Log log = new Log();

    @Override
    public Integer call() throws Exception {
        Path dir = work.toAbsolutePath().normalize().resolve("trace");
        Files.createDirectories(out);
        Files.createDirectories(dir);
        Machine machine = Machine.describe();
        log.info("bench trace (%s) on %s", quick ? "quick" : "full", machine.summary());

        CpuMeter.Sample phase = CpuMeter.now();
        List<Extraction> traces = extraction(dir);
        double extractionLoad = CpuMeter.otherCores(phase, CpuMeter.now());

        phase = CpuMeter.now();
        List<Throughput> rates = recorder(dir);
        double recorderLoad = CpuMeter.otherCores(phase, CpuMeter.now());

        TraceReport report = new TraceReport(machine, quick, traces, rates, ProgramWorkload.mix(10_000_000), log.elapsed(),
                extractionLoad, recorderLoad);
        report.write(out, log);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s (blackhole %d)", log.elapsed(), out, blackhole & 1);
        return 0;
    }

    // ---- (1) random access to sync segments ------------------------------------------------------

    /** One trace measured for random access. */
    static final class Extraction {
        final String name;
        final String description;
        final Path file;
        long events;
        int threads;
        long syncOps;
        long grammarSymbols;
        int depth;
        long fileBytes;
        double createSeconds;
        double loadSeconds;
        int loadReps;
        String verified = "-";
        ParallelTrace trace;
        int[] sampled; // threads with at least two sync ops
        long[] segmentNanos = new long[1024];
        long[] positionNanos = new long[1024];
        int samples;
        long segmentEvents;

        Extraction(String name, String description, Path file) {
            this.name = name;
            this.description = description;
            this.file = file;
        }

        void add(long segment, long position, long events) {
            if (samples == segmentNanos.length) {
                segmentNanos = Arrays.copyOf(segmentNanos, 2 * samples);
                positionNanos = Arrays.copyOf(positionNanos, 2 * samples);
            }
            segmentNanos[samples] = segment;
            positionNanos[samples++] = position;
            segmentEvents += events;
        }

        double segmentMicros(double q) {
            return quantile(segmentNanos, samples, q) / 1e3;
        }

        double positionMicros(double q) {
            return quantile(positionNanos, samples, q) / 1e3;
        }

        /** All segment time over all events extracted: comparable across traces whose segments differ in length. */
        double nanosPerEvent() {
            long sum = 0;
            for (int i = 0; i < samples; i++) sum += segmentNanos[i];
            return segmentEvents == 0 ? Double.NaN : sum / (double) segmentEvents;
        }

        double eventsPerSegment() {
            return samples == 0 ? Double.NaN : segmentEvents / (double) samples;
        }
    }

    private List<Extraction> extraction(Path dir) throws Exception {
        List<Extraction> xs = new ArrayList<>();
        for (int[] loops : new int[][] {SMALL_LOOPS, LARGE_LOOPS}) {
            long units = SYNTHETIC_THREADS;
            for (int k : loops) units *= k;
            String name = "synthetic-" + CompressorCommand.label(units * SyntheticTrace.UNIT_EVENTS);
            Extraction x = new Extraction(name, "SyntheticTrace, " + SYNTHETIC_THREADS + " threads, loops "
                    + Arrays.toString(loops) + ", written directly as grammars (COR)", dir.resolve(name + ".wtrace"));
            log.info("(1) writing %s", name);
            long t0 = System.nanoTime();
            SyntheticTrace.write(x.file, SYNTHETIC_THREADS, loops, Codec.BEST);
            x.createSeconds = (System.nanoTime() - t0) / 1e9;
            xs.add(x);
        }
        int sorThreads = 2, sorSide = 66, sorIterations = 40;
        Extraction sor = new Extraction("red-black-sor", "RedBlackSor(" + sorThreads + " threads, " + sorSide + "x" + sorSide
                + ", " + sorIterations + " iterations) recorded by TraceRecorder (CDR, default config)", dir.resolve("red-black-sor.wtrace"));
        log.info("(1) recording %s", sor.name);
        long t0 = System.nanoTime();
        try (TraceRecorder rec = TraceRecorder.open(sor.file, RecorderConfig.defaults(TraceMode.CDR))) {
            new RedBlackSor(sorThreads, sorSide, sorIterations).run(rec);
        }
        sor.createSeconds = (System.nanoTime() - t0) / 1e9;
        xs.add(sor);

        int loadReps = quick ? 3 : 5;
        for (Extraction x : xs) {
            load(x, loadReps);
            verify(x);
            log.info("  %s: %,d events, %,d sync ops, %,d grammar symbols, %,d bytes, load %.3f s, verified %s",
                    x.name, x.events, x.syncOps, x.grammarSymbols, x.fileBytes, x.loadSeconds, x.verified);
        }

        int warm = quick ? 5_000 : 20_000;
        int rounds = quick ? 20 : 100;
        int perRound = 500;
        SplittableRandom rnd = new SplittableRandom(SEED);
        log.info("(1) warming up: %d random segments per trace", warm);
        for (Extraction x : xs) sample(x, rnd, warm, false);
        log.info("(1) measuring: %d rounds of %d random segments per trace, traces interleaved", rounds, perRound);
        for (int r = 0; r < rounds; r++) {
            for (Extraction x : xs) sample(x, rnd, perRound, true);
        }
        for (Extraction x : xs) {
            log.info("  %s: segment median %.2f us (p90 %.2f), syncPosition median %.3f us (p90 %.3f), %.0f events/segment, %.1f ns/event",
                    x.name, x.segmentMicros(0.5), x.segmentMicros(0.9), x.positionMicros(0.5), x.positionMicros(0.9),
                    x.eventsPerSegment(), x.nanosPerEvent());
            x.trace = null; // free the sync order before the recorder runs
        }
        return xs;
    }

    private void load(Extraction x, int reps) throws Exception {
        double[] seconds = new double[reps];
        for (int r = 0; r < reps; r++) {
            x.trace = null;
            System.gc();
            long t0 = System.nanoTime();
            x.trace = ParallelTrace.open(x.file);
            seconds[r] = (System.nanoTime() - t0) / 1e9;
        }
        x.loadSeconds = CompressorCommand.median(seconds);
        x.loadReps = reps;
        x.fileBytes = x.trace.fileBytes();
        ParallelTrace t = x.trace;
        x.events = t.eventCount();
        x.threads = t.threads().size();
        x.syncOps = t.syncOrder().size();
        List<Integer> sampled = new ArrayList<>();
        for (int i = 0; i < x.threads; i++) {
            ThreadTrace tt = t.thread(i);
            if (tt.syncCount() >= 2) sampled.add(i);
            for (ThreadChunk p : tt.pieces()) {
                x.grammarSymbols += p.control().symbolCount();
                for (var s : p.streams()) x.grammarSymbols += s.symbolCount();
                x.depth = Math.max(x.depth, p.control().depth());
            }
        }
        x.sampled = sampled.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Random segments m..m+1 of random threads: segment fully iterated, then syncPosition(m). */
    private static void sample(Extraction x, SplittableRandom rnd, int n, boolean keep) {
        for (int i = 0; i < n; i++) {
            ThreadTrace t = x.trace.thread(x.sampled[rnd.nextInt(x.sampled.length)]);
            long m = rnd.nextLong(t.syncCount() - 1);
            long t0 = System.nanoTime();
            long events = 0;
            for (Iterator<Event> it = t.segment(m, m + 1); it.hasNext(); events++) blackhole += it.next().id();
            long t1 = System.nanoTime();
            blackhole += t.syncPosition(m);
            long t2 = System.nanoTime();
            if (keep) x.add(t1 - t0, t2 - t1, events);
        }
    }

    /**
     * Checks random segments: against the full expansion where the thread is short enough to
     * expand, else against what the synthetic generator put there (sync kinds, length, tickets).
     */
    private boolean verify(Extraction x) {
        SplittableRandom rnd = new SplittableRandom(SEED + 1);
        boolean synthetic = x.name.startsWith("synthetic");
        for (int ti : x.sampled) {
            ThreadTrace t = x.trace.thread(ti);
            List<Event> all = null;
            if (t.eventCount() <= 5_000_000) {
                all = new ArrayList<>();
                for (Iterator<Event> it = t.events(); it.hasNext(); ) all.add(it.next());
                if (all.size() != t.eventCount()) return fail(x, "thread " + ti + " expands to " + all.size() + " events");
            }
            for (int k = 0; k < 50; k++) {
                long m = k == 0 ? 0 : k == 1 ? t.syncCount() - 2 : rnd.nextLong(t.syncCount() - 1);
                List<Event> seg = new ArrayList<>();
                for (Iterator<Event> it = t.segment(m, m + 1); it.hasNext(); ) seg.add(it.next());
                long from = t.syncPosition(m);
                long to = t.syncPosition(m + 1);
                if (seg.size() != to - from + 1) return fail(x, "segment " + m + " has " + seg.size() + " events, positions say " + (to - from + 1));
                if (all != null && !seg.equals(all.subList((int) from, (int) to + 1))) return fail(x, "segment " + m + " differs from the expansion");
                if (!synthetic) continue;
                boolean lockFirst = m % 2 == 0;
                long units = m / 2;
                if (seg.get(0).kind() != (lockFirst ? SyncKind.LOCK : SyncKind.UNLOCK)
                        || seg.get(seg.size() - 1).kind() != (lockFirst ? SyncKind.UNLOCK : SyncKind.LOCK)
                        || (lockFirst && seg.size() != SyntheticTrace.CRITICAL_EVENTS)
                        || t.ticket(m) != 2 * (units * SYNTHETIC_THREADS + ti) + (m % 2)) {
                    return fail(x, "segment " + m + " of thread " + ti + " is not what the generator wrote");
                }
            }
        }
        x.verified = "yes";
        return true;
    }

    private boolean fail(Extraction x, String why) {
        x.verified = "NO";
        log.info("  VERIFICATION FAILED for %s: %s", x.name, why);
        return false;
    }

    // ---- (2) recorder throughput -------------------------------------------------------------------

    /** One recorder configuration: medians over the reps. Rates are events per second. */
    record Throughput(TraceMode mode, boolean folded, int threads, int workers, long events, int reps, double baselinePerThread,
                      double baselineTotal, double emitPerThread, double emitTotal, double endToEnd, long fileBytes,
                      double otherLoad) {}

    /** Per-thread and total events/s of one run of the program threads (emit side). */
    private record Run(double perThread, double total, long events, long startNanos) {}

    private List<Throughput> recorder(Path dir) throws Exception {
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
            Run base = baseline(threads, BASELINE_EVENTS / threads);
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
                median(v[0]), median(v[1]), median(v[2]), median(v[3]), median(v[4]), bytes,
                CpuMeter.otherCores(a, CpuMeter.now()));
        log.info("  %s%s, %d thread(s): baseline %.1f M ev/s/thread; recording emit %.2f M ev/s/thread (%.2f total), "
                        + "end-to-end %.2f M ev/s; %.3f bytes/event", mode.label(), fold ? "" : " (paths not folded)", threads,
                t.baselinePerThread / 1e6, t.emitPerThread / 1e6, t.emitTotal / 1e6, t.endToEnd / 1e6, bytes / (double) events);
        return t;
    }

    /** The baseline: median of three runs (it is fast, so single runs are noisy). */
    private Run baseline(int threads, long perThread) throws Exception {
        Run[] runs = new Run[3];
        for (int i = 0; i < runs.length; i++) runs[i] = run(threads, perThread, t -> new ProgramWorkload.Ring());
        Arrays.sort(runs, (a, b) -> Double.compare(a.total, b.total));
        return runs[1];
    }

    /** One recording; returns emit per-thread rate, emit total rate, end-to-end rate, events, file bytes. */
    private double[] record(Path file, TraceMode mode, boolean fold, int threads, long perThread) throws Exception {
        Run r;
        long end;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withFoldPaths(fold))) {
            r = run(threads, perThread, t -> new ProgramWorkload.Recording(rec.thread()));
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
    private static Run run(int threads, long perThread, IntFunction<Emitter> emitter) throws Exception {
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
                    events[t] = ProgramWorkload.run(e, lock, SEED + t, t, perThread);
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

    // ---- helpers -----------------------------------------------------------------------------------

    static double median(double[] v) {
        return CompressorCommand.median(v);
    }

    /** The q-quantile (nearest rank) of the first n values. */
    static double quantile(long[] values, int n, double q) {
        if (n == 0) return Double.NaN;
        long[] s = Arrays.copyOf(values, n);
        Arrays.sort(s);
        return s[Math.max(0, (int) Math.ceil(q * n) - 1)];
    }
}
