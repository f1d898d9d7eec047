package dev.wholetrace.bench.study;

import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.analysis.streams.AccessStreams;
import dev.wholetrace.baseline.GeneralPurpose;
import dev.wholetrace.format.regrammar.AddressCoding;
import dev.wholetrace.model.event.TraceMode;
import java.util.EnumMap;
import java.util.Map;

/** Everything the study measured for one workload at one thread count: a row of each table. */
final class Measurement {
    /** One recorded trace: its mode's sizes (TraceStats, the numbers `wholetrace stats` prints) and the run's time. */
    record Traced(TraceStats stats, long fileBytes, double wallSeconds, long syncEntries) {
        long bytes(Component c) {
            return stats.total.bytes(c);
        }

        long raw() {
            return stats.total.raw;
        }
    }

    final String workload;
    final int threads;
    final int size;
    final int steps;
    /** The kernel's own validated result line (the same in the plain and every traced run). */
    String result;
    double plainSeconds;
    final Map<TraceMode, Traced> traces = new EnumMap<>(TraceMode.class);
    /** The CDR trace after {@code recompress --addresses}, per address coding (wall seconds: the rewrite's). */
    final Map<AddressCoding, Traced> recompressed = new EnumMap<>(AddressCoding.class);
    /** Bytes the predictive recompressed trace's sections stored against another thread's save over packing them alone ({@link ReferenceGain}). */
    long referencesSaved;
    /** Where the predictive recompressed trace's bytes go, by kind of section ({@link TraceBreakdown}). */
    TraceBreakdown breakdown;
    /** The predictive recompressed trace with its chunks merged ({@code recompress --chunk-events}, {@link StudyRun#MERGE_EVENTS}). */
    Traced merged;
    /** Where the merged trace's bytes go. */
    TraceBreakdown mergedBreakdown;
    /** The same merge with every grammar rebuilt by Re-Pair ({@code --grammar repair}). */
    Traced mergedRepair;
    /** Where the merged Re-Pair trace's bytes go. */
    TraceBreakdown mergedRepairBreakdown;
    /**
     * The CDR trace as {@code wholetrace record} leaves it after a normal exit ({@link
     * dev.wholetrace.format.regrammar.FinishedRewrite}: merged if small, else re-packed; wall seconds: the rewrite's).
     */
    Traced finished;
    /** Whether that rewrite merged, and the chunks it left. */
    boolean finishedMerged;
    /** Whether that merge joined the chunks' grammars rather than rebuilding them (above FinishedRewrite.REBUILD_AT_MOST events). */
    boolean finishedJoined;
    int finishedChunks;

    // Table 2, from the CDR trace
    AccessStreams.SharedMemory memory;
    long barrierEpisodes;
    long lockPairs;
    long otherSyncOps;

    // Table 5's raw streams and the baselines on them
    long blocks;
    long accesses;
    long syncOps;
    final Map<GeneralPurpose, StreamCompression.Baseline> baselines = new EnumMap<>(GeneralPurpose.class);

    // Figures 4 and 5
    StreamCompression.Grammars sequitur;
    StreamCompression.Grammars diffRleSeq;
    /** Diff∘RLE∘SEQ with the predictor stage (format version 6's address streams). */
    StreamCompression.Grammars predictive;
    int instructionStreams;

    Measurement(String workload, int threads, int size, int steps) {
        this.workload = workload;
        this.threads = threads;
        this.size = size;
        this.steps = steps;
    }

    Traced cor() {
        return traces.get(TraceMode.COR);
    }

    Traced dor() {
        return traces.get(TraceMode.DOR);
    }

    Traced cdr() {
        return traces.get(TraceMode.CDR);
    }

    /** The raw streams' bytes: block ids, sync records, addresses (AccessStreams' record widths). */
    long controlRaw() {
        return blocks * AccessStreams.BLOCK_BYTES;
    }

    long syncRaw() {
        return syncOps * AccessStreams.SYNC_BYTES;
    }

    long dataRaw() {
        return accesses * AccessStreams.ADDRESS_BYTES;
    }

    long rawStreams() {
        return controlRaw() + syncRaw() + dataRaw();
    }

    /** CDR's control part as the paper's Table 5 counts it: WPP + S_synch + synch_cnt. */
    long cdrControl() {
        Traced c = cdr();
        return c.bytes(Component.WPP) + c.bytes(Component.S_SYNCH) + c.bytes(Component.SYNCH_CNT);
    }

    long cdrData() {
        return cdr().bytes(Component.DATA);
    }

    /** The code map, thread table and properties: the program's description, which a raw trace needs as well. */
    long cdrMetadata() {
        return cdr().bytes(Component.METADATA);
    }

    /**
     * What the trace itself costs: the file without its metadata (so with the symbol tables and
     * framing). A raw trace of block ids and addresses means nothing without the same code map,
     * so this is what the goals set against the general-purpose compressors.
     */
    long cdrTrace() {
        return cdr().fileBytes() - cdrMetadata();
    }

    /** {@link #cdrTrace} of the recompressed CDR trace with that address coding. */
    long recompressedTrace(AddressCoding coding) {
        return trace(recompressed.get(coding));
    }

    /** The merged predictive trace without its metadata. */
    long mergedTrace() {
        return trace(merged);
    }

    /** The merged Re-Pair trace without its metadata. */
    long mergedRepairTrace() {
        return trace(mergedRepair);
    }

    /** The trace {@code record} leaves, without its metadata. */
    long finishedTrace() {
        return trace(finished);
    }

    private static long trace(Traced t) {
        return t.fileBytes() - t.bytes(Component.METADATA);
    }
}
