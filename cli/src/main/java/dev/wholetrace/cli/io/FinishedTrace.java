package dev.wholetrace.cli.io;

import dev.wholetrace.analysis.strata.StoredStrata;
import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.format.regrammar.FinishedRewrite;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.Units;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The step after a traced program exited ({@code record}, {@code workload -o}, {@code demo}):
 * the agent seals a chunk every second with a fast codec so that a crash loses little
 * (docs/durability.md); once the program has ended nothing is at risk any more, so the trace is
 * rewritten ({@link FinishedRewrite}): a small COR or CDR recording in several chunks is merged
 * into one (grammars rebuilt by Re-Pair over all its events), any other re-packed with the strongest
 * codec, as {@code wholetrace recompress} does; in place through {@link OutputFile} (written beside
 * it, then renamed over it, keeping its permissions: until then the agent's file is what is on
 * disk). A STRATA recording gets its strata outputs stored as well ({@link #storedOutputs}).
 *
 * <p>An unfinished trace (the program was killed) is left exactly as the agent wrote it. A merge
 * that fails falls back on the re-pack (one line says so); a failure of the re-pack leaves the
 * agent's file and only warns, whatever the failure (an OutOfMemoryError too): the command's exit
 * code stays the program's.
 */
public final class FinishedTrace {
    private FinishedTrace() {}

    /** Merges or re-packs {@code trace} in place if it is a complete recording; warns on {@code err} if that fails. */
    public static void repack(Path trace, PrintWriter err) {
        repack(trace, StrataLayerLimits.DEFAULT, err);
    }

    /**
     * As {@link #repack(Path, PrintWriter)}, a STRATA recording's layer search within {@code limits}
     * ({@code record --strata-layers N --strata-memory SIZE}); each layer it gives up is a line on
     * {@code err}, never silent (the chunk's properties keep it too).
     */
    public static void repack(Path trace, StrataLayerLimits limits, PrintWriter err) {
        repack(trace, new FinishedRewrite().strataLimits(limits), err);
    }

    /**
     * As {@link #repack(Path, PrintWriter)}, with {@code rewrite} (tests: a merge that fails). A
     * merge that fails is followed by the re-pack, and one line says so: the file is then smaller
     * than the agent's, only not merged.
     */
    public static void repack(Path trace, FinishedRewrite rewrite, PrintWriter err) {
        repack(trace, rewrite, err, (what, total) -> new Progress(err, what, total));
    }

    /**
     * As {@link #repack(Path, FinishedRewrite, PrintWriter)}, its progress drawn on the line
     * {@code line} makes for what is done ("merging run.wtrace") and the file's size: a
     * {@link Progress}, drawn on a terminal only (tests: drawn anyway).
     */
    public static void repack(Path trace, FinishedRewrite rewrite, PrintWriter err, BiFunction<String, Long, Progress> line) {
        repack(trace, rewrite, err, line, FinishedTrace::storedOutputs);
    }

    /** The step that computes the trailer sections of a re-pack ({@link #storedOutputs}; tests: one that fails). */
    @FunctionalInterface
    public interface StrataOutputs {
        Map<SectionType, byte[]> of(TraceReader reader) throws IOException;
    }

    /** As {@link #repack(Path, FinishedRewrite, PrintWriter, BiFunction)}, storing the trailer {@code outputs} computes. */
    public static void repack(Path trace, FinishedRewrite rewrite, PrintWriter err, BiFunction<String, Long, Progress> line, StrataOutputs outputs) {
        try (TraceReader reader = TraceReader.open(trace)) {
            if (!reader.complete()) return;
            Map<SectionType, byte[]> trailer;
            try {
                trailer = outputs.of(reader);
            } catch (IOException | RuntimeException e) { // the re-pack is worth having without them: the commands compute instead
                err.println("wholetrace: warning: " + trace + ": the strata outputs were not stored (" + e.getMessage() + ")");
                err.flush();
                trailer = Map.of();
            } catch (Error e) {
                // Out of memory, a stack overflow (the outputs walk every thread's grammars): the re-pack, which holds
                // a chunk's grammars too, would likely fail as well, so nothing is rewritten and the line names this
                // step. Until session 45 the catch below said "rewriting failed" for it.
                err.println("wholetrace: warning: " + trace + " was kept as the agent wrote it (storing the strata outputs failed: "
                        + FinishedRewrite.reason(e) + ")");
                err.flush();
                return;
            }
            Map<SectionType, byte[]> stored = trailer;
            // The trace is this step's input and its output: replaced as any output is (OutputFile).
            String verb = rewrite.merges(reader, stored) ? "merging " : "re-packing ";
            try (Progress progress = line.apply(verb + trace.getFileName(), reader.size())) {
                rewrite.onFallback(why -> progress.message("wholetrace: warning: " + trace + ": " + why));
                // through the progress line's reporter: printed beside the drawn line it would be glued to its end
                rewrite.onGivenUp(why -> progress.message("wholetrace: " + trace + ": " + why));
                progress.accept(0);
                OutputFile.check(trace, true).write(tmp -> rewrite.progress(progress).phases(progress::at).rewrite(reader, tmp, stored));
            }
        } catch (Exception | Error e) {
            // Any failure, an OutOfMemoryError of the re-pack too: the merge's and the layer choice's fall back on the
            // re-pack, and what fails there must not escape the command (its exit code is the program's). OutputFile
            // has deleted the partial output: the agent's file, untouched, is what the user has.
            err.println("wholetrace: warning: " + trace + " was kept as the agent wrote it (rewriting failed: " + FinishedRewrite.reason(e) + ")");
            err.flush();
        }
    }

    /**
     * The progress line of re-packing {@code trace} ("re-packing app.wtrace: 12.0 MiB of 31.8 MiB
     * (37%)"), drawn on {@code err} only when it is a terminal: the re-pack of a large trace takes
     * a while after the program's own output has ended, and the line says what the wait is for.
     */
    public static Progress repacking(Path trace, TraceReader reader, PrintWriter err) {
        return new Progress(err, "re-packing " + trace.getFileName(), reader.size());
    }

    /** Whether a re-pack of {@code reader}'s trace computes trailer sections ({@link #storedOutputs}): a pass over its events. */
    public static boolean storesOutputs(TraceReader reader) {
        return reader.complete() && StoredStrata.storedFor(reader.mode()) && SectionType.STRATA_OUTPUTS.inVersion(reader.version());
    }

    /**
     * The trailer sections a re-pack of {@code reader}'s trace adds: for a complete STRATA recording
     * of a version with trailers, the strata outputs and phases ({@link StoredStrata}), computed
     * here, in the re-pack after the program exited rather than in the recorder's close, so that
     * the traced program pays nothing for them (the re-pack reads every section anyway); a killed
     * recording is not re-packed and has none: the commands compute them. Empty otherwise.
     */
    public static Map<SectionType, byte[]> storedOutputs(TraceReader reader) throws IOException {
        if (!storesOutputs(reader)) return Map.of();
        return StoredStrata.trailer(ParallelTrace.open(reader.file()));
    }

    /**
     * What the trace is once final: where it is, how big, and what to run next (one line for a
     * person; the same facts as JSON). Read from the section headers only (no payload is decoded).
     * Null when the trace cannot be read: the commands that read it will say why.
     */
    public static CommandSummary describe(Path trace) {
        try (TraceReader reader = TraceReader.open(trace)) {
            int threads = 0;
            for (List<Section> chunk : reader.chunks()) for (Section s : chunk) threads = Math.max(threads, s.thread() + 1);
            String file = trace.toString();
            int chunks = reader.chunks().size();
            String next = reader.mode().keepsAccesses() ? "stats|races|report" : "stats|hot|report";
            return new CommandSummary()
                    .line("wholetrace: %s: %s, %s mode, %d thread%s, %d chunk%s%s; next: wholetrace %s %s",
                            file, Units.bytes(reader.size()), reader.mode().label(), threads, threads == 1 ? "" : "s",
                            chunks, chunks == 1 ? "" : "s", reader.complete() ? "" : " (unfinished)", next, file)
                    .put("trace", file).put("bytes", reader.size()).put("mode", reader.mode().label()).put("threads", threads)
                    .put("chunks", chunks).put("complete", reader.complete());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
