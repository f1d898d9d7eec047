package dev.wholetrace.bench.study;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.analysis.streams.AccessStreams;
import dev.wholetrace.analysis.streams.RawStreamsAnalysis;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.regrammar.AddressCoding;
import dev.wholetrace.format.regrammar.FinishedRewrite;
import dev.wholetrace.format.regrammar.TraceRegrammarer;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.bench.ChildJvm;
import dev.wholetrace.bench.FinishedFile;
import dev.wholetrace.bench.TracedJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Measures one workload at one thread count: a plain run for the reference result, then one
 * recorded run per representation (COR, DOR, CDR, each a JVM under the agent, only the kernels
 * instrumented), then the offline studies on the CDR trace's expanded streams.
 */
final class StudyRun {
    static final String LAUNCHER = "dev.wholetrace.workloads.Workload";
    static final String KERNELS = "dev.wholetrace.workloads.kernels.*";
    static final String HEAP = "-Xmx4g";
    /**
     * The merged trace's bound: chunks are merged until one holds this many events, the
     * recorder's own size limit per chunk (RecorderConfig.defaults), so a merged chunk is no
     * larger than a chunk the recorder cuts by size.
     */
    static final long MERGE_EVENTS = 1L << 26;

    private final Path agent;
    private final Path workloads;
    private final Path work;
    private final long timeoutSeconds;
    private final List<GeneralPurpose> baselines;
    private final Consumer<String> log;

    StudyRun(Path agent, Path workloads, Path work, long timeoutSeconds, List<GeneralPurpose> baselines, Consumer<String> log) {
        this.agent = agent;
        this.workloads = workloads;
        this.work = work;
        this.timeoutSeconds = timeoutSeconds;
        this.baselines = baselines;
        this.log = log;
    }

    Measurement measure(String workload, int threads, int size, int steps) throws Exception {
        Measurement m = new Measurement(workload, threads, size, steps);
        String what = workload + " threads=" + threads + " size=" + size + " steps=" + steps;
        ChildJvm.Run plain = ChildJvm.run(command(workload, threads, size, steps, null, null), work, timeoutSeconds);
        plain.expectSuccess(what + ", plain");
        m.result = plain.out().strip();
        m.plainSeconds = plain.wallSeconds();
        for (TraceMode mode : List.of(TraceMode.COR, TraceMode.DOR, TraceMode.CDR)) {
            Path file = work.resolve(workload + "-" + threads + "-" + mode.label() + ".wtrace");
            Files.deleteIfExists(file);
            ChildJvm.Run run = ChildJvm.run(command(workload, threads, size, steps, file, mode), work, timeoutSeconds);
            run.expectSameAs(plain, what + ", " + mode.label());
            ParallelTrace trace = ParallelTrace.open(file);
            if (!trace.complete()) throw new IllegalStateException(what + ", " + mode.label() + ": the trace is incomplete");
            m.traces.put(mode, new Measurement.Traced(new StatsAnalysis().analyze(trace), trace.fileBytes(), run.wallSeconds(), trace.syncOrder().size()));
            log.accept(String.format(java.util.Locale.ROOT, "%s %s: %,d events, %,d bytes, %.1f s (plain %.2f s)", what, mode.label(),
                    trace.eventCount(), trace.fileBytes(), run.wallSeconds(), plain.wallSeconds()));
            if (mode == TraceMode.CDR) {
                streams(m, trace);
                recompressed(m, file);
            }
            Files.delete(file);
        }
        return m;
    }

    /**
     * The CDR trace as {@code wholetrace recompress --addresses} leaves it, both codings of the
     * address streams (format 5's Diff∘RLE∘SEQ and format 6's predictor stage), sections packed with
     * the strongest codec as {@code wholetrace record} does at a normal exit: the same recording,
     * so the two differ only in how the addresses are coded.
     */
    private void recompressed(Measurement m, Path file) throws Exception {
        for (AddressCoding coding : AddressCoding.values()) {
            Path out = work.resolve(file.getFileName() + "." + coding.cliName());
            Files.deleteIfExists(out);
            long t0 = System.nanoTime();
            new TraceRegrammarer(null, coding, Codec.BEST).rewrite(file, out);
            double seconds = (System.nanoTime() - t0) / 1e9;
            ParallelTrace t = ParallelTrace.open(out);
            m.recompressed.put(coding, new Measurement.Traced(new StatsAnalysis().analyze(t), t.fileBytes(), seconds, t.syncOrder().size()));
            if (coding == AddressCoding.PREDICTIVE) {
                m.referencesSaved = ReferenceGain.saved(out);
                m.breakdown = TraceBreakdown.of(out);
            }
            log.accept(String.format(java.util.Locale.ROOT, "  recompressed, addresses %s: %,d bytes in %.1f s", coding.cliName(), t.fileBytes(), seconds));
            Files.delete(out);
        }
        merged(m, file, null);
        merged(m, file, GrammarAlgorithm.REPAIR);
        finished(m, file);
    }

    /** The CDR trace as {@code wholetrace record} leaves it after the program exited ({@link FinishedRewrite}). */
    private void finished(Measurement m, Path file) throws Exception {
        Path out = work.resolve(file.getFileName() + ".finished");
        Files.deleteIfExists(out);
        long t0 = System.nanoTime();
        FinishedRewrite.Result r = FinishedFile.rewrite(new FinishedRewrite(), file, out, line -> log.accept("  " + line));
        double seconds = (System.nanoTime() - t0) / 1e9;
        ParallelTrace t = ParallelTrace.open(out);
        m.finished = new Measurement.Traced(new StatsAnalysis().analyze(t), t.fileBytes(), seconds, t.syncOrder().size());
        m.finishedMerged = r.merged();
        m.finishedJoined = r.joined();
        m.finishedChunks = r.chunksOut();
        log.accept(String.format(java.util.Locale.ROOT, "  as record leaves it (%s, %d chunks into %d): %,d bytes in %.1f s",
                r.joined() ? "joined" : r.merged() ? "merged" : "re-packed", r.chunksIn(), r.chunksOut(), t.fileBytes(), seconds));
        Files.delete(out);
    }

    /** The predictive trace with its chunks merged ({@link #MERGE_EVENTS}), grammars rebuilt by {@code algorithm} (SEQUITUR if null). */
    private void merged(Measurement m, Path file, GrammarAlgorithm algorithm) throws Exception {
        Path out = work.resolve(file.getFileName() + ".merged");
        Files.deleteIfExists(out);
        long t0 = System.nanoTime();
        TraceRegrammarer.Result r = new TraceRegrammarer(algorithm, AddressCoding.PREDICTIVE, Codec.BEST, MERGE_EVENTS).rewrite(file, out);
        double seconds = (System.nanoTime() - t0) / 1e9;
        ParallelTrace t = ParallelTrace.open(out);
        Measurement.Traced traced = new Measurement.Traced(new StatsAnalysis().analyze(t), t.fileBytes(), seconds, t.syncOrder().size());
        TraceBreakdown breakdown = TraceBreakdown.of(out);
        if (algorithm == null) {
            m.merged = traced;
            m.mergedBreakdown = breakdown;
        } else {
            m.mergedRepair = traced;
            m.mergedRepairBreakdown = breakdown;
        }
        log.accept(String.format(java.util.Locale.ROOT, "  recompressed, predictive, %d chunks merged into %d, grammars %s: %,d bytes in %.1f s",
                r.chunks(), r.chunksOut(), algorithm == null ? "sequitur" : algorithm.cliName(), t.fileBytes(), seconds));
        Files.delete(out);
    }

    /** Table 2, the raw streams, the baselines and Figures 4-5, all from the CDR trace. */
    private void streams(Measurement m, ParallelTrace trace) throws Exception {
        AccessStreams s = new RawStreamsAnalysis().analyze(trace);
        m.memory = s.sharedMemory(trace.code());
        EventCounts c = m.cdr().stats().total.events;
        m.barrierEpisodes = trace.syncOrder().barrierEpisodes();
        m.lockPairs = c.sync[SyncKind.LOCK.ordinal()];
        m.otherSyncOps = c.syncTotal() - c.sync[SyncKind.BARRIER.ordinal()] - c.sync[SyncKind.LOCK.ordinal()] - c.sync[SyncKind.UNLOCK.ordinal()];
        m.blocks = s.blockCount;
        m.accesses = s.accessCount;
        m.syncOps = s.syncCount;
        m.instructionStreams = s.streams.size();
        m.sequitur = StreamCompression.sequitur(s);
        m.diffRleSeq = StreamCompression.diffRleSeq(s);
        m.predictive = StreamCompression.predictiveDiffRleSeq(s);
        log.accept(String.format(java.util.Locale.ROOT, "  %d instruction streams: SEQ %,d B in %.2f s, Diff∘RLE∘SEQ %,d B (packed %,d) in %.2f s, "
                + "with the predictor stage %,d B (packed %,d) in %.2f s; general-purpose baselines on %,d raw bytes ...", s.streams.size(),
                m.sequitur.bytes(), m.sequitur.seconds(), m.diffRleSeq.bytes(), m.diffRleSeq.packedBytes(), m.diffRleSeq.seconds(),
                m.predictive.bytes(), m.predictive.packedBytes(), m.predictive.seconds(), s.rawBytes()));
        m.baselines.putAll(StreamCompression.baselines(s, baselines, 2));
    }

    private List<String> command(String workload, int threads, int size, int steps, Path trace, TraceMode mode) {
        return TracedJvm.command(HEAP, agent, trace, mode, KERNELS, workloads, LAUNCHER, workload, Integer.toString(threads),
                Integer.toString(size), Integer.toString(steps));
    }
}
