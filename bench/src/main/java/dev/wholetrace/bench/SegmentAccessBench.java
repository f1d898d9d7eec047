package dev.wholetrace.bench;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.synthetic.RedBlackSor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Part (1) of {@code bench trace}: random access to one sync segment in synthetic traces of 10^6
 * and 10^9 events and a recorded RedBlackSor trace, with file size and load time, each trace
 * verified against its expansion or its generator first.
 */
final class SegmentAccessBench {
    private final Log log;
    private final boolean quick;

    SegmentAccessBench(Log log, boolean quick) {
        this.log = log;
        this.quick = quick;
    }

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
            return TraceCommand.quantile(segmentNanos, samples, q) / 1e3;
        }

        double positionMicros(double q) {
            return TraceCommand.quantile(positionNanos, samples, q) / 1e3;
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

    List<Extraction> run(Path dir) throws Exception {
        List<Extraction> xs = new ArrayList<>();
        for (int[] loops : new int[][] {TraceCommand.SMALL_LOOPS, TraceCommand.LARGE_LOOPS}) {
            long units = TraceCommand.SYNTHETIC_THREADS;
            for (int k : loops) units *= k;
            String name = "synthetic-" + CompressorCommand.label(units * SyntheticTrace.UNIT_EVENTS);
            Extraction x = new Extraction(name, "SyntheticTrace, " + TraceCommand.SYNTHETIC_THREADS + " threads, loops "
                    + Arrays.toString(loops) + ", written directly as grammars (COR)", dir.resolve(name + ".wtrace"));
            log.info("(1) writing %s", name);
            long t0 = System.nanoTime();
            SyntheticTrace.write(x.file, TraceCommand.SYNTHETIC_THREADS, loops, Codec.BEST);
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
        SplittableRandom rnd = new SplittableRandom(TraceCommand.SEED);
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
            for (Iterator<Event> it = t.segment(m, m + 1); it.hasNext(); events++) TraceCommand.blackhole += it.next().id();
            long t1 = System.nanoTime();
            TraceCommand.blackhole += t.syncPosition(m);
            long t2 = System.nanoTime();
            if (keep) x.add(t1 - t0, t2 - t1, events);
        }
    }

    /**
     * Checks random segments: against the full expansion where the thread is short enough to
     * expand, else against what the synthetic generator put there (sync kinds, length, tickets).
     */
    private boolean verify(Extraction x) {
        SplittableRandom rnd = new SplittableRandom(TraceCommand.SEED + 1);
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
                        || t.ticket(m) != 2 * (units * TraceCommand.SYNTHETIC_THREADS + ti) + (m % 2)) {
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
}
