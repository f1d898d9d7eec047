package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.cli.io.FinishedTrace;
import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.regrammar.FinishedRewrite;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code recompress --chunk-events N} at the edges: a trace of five chunks where a worker starts
 * and ends inside a chunk, the main thread has no events in two of them, stores of one thread are
 * loaded by another; recorded in CDR and COR, and cut inside its last chunk (a killed recording).
 * For every N (1 and 2: below a chunk, so every group is one chunk; half the events; all of it)
 * the merged trace gives the same dump, {@code stats} event counts and clock, {@code segment} of
 * every sync-count range, {@code races} and {@code deps} as the input, with the grammars rebuilt
 * and with them joined ({@code --join}); and so does the file {@code record} leaves after a
 * normal exit (FinishedTrace: merged into one chunk, rebuilt when small, joined when larger).
 */
class CliRecompressMergeTest {
    @TempDir
    static Path dir;

    static final List<Path> traces = new ArrayList<>();

    @BeforeAll
    static void record() throws Exception {
        for (TraceMode mode : List.of(TraceMode.CDR, TraceMode.COR)) {
            Path whole = handOver(dir.resolve("handover-" + mode.label() + ".wtrace"), mode);
            traces.add(whole);
            byte[] bytes = Files.readAllBytes(whole);
            Path cut = dir.resolve("handover-" + mode.label() + "-cut.wtrace");
            List<List<Section>> chunks = Traces.chunks(whole);
            long lastChunk = chunks.get(chunks.size() - 1).get(0).offset();
            Files.write(cut, Arrays.copyOf(bytes, (int) lastChunk + 8)); // killed while writing its last chunk
            assertThat(Traces.chunks(cut)).as("the cut trace's complete chunks").hasSize(chunks.size() - 1);
            traces.add(cut);
        }
    }

    /**
     * Main stores a[0..3], forks worker A [checkpoint]; A loads a[i], locks, stores b[i] and
     * unlocks for 6 iterations [checkpoint after 3], ends; [checkpoint: main has no events in the
     * two chunks A ran in]; main joins A, forks B [checkpoint]; B loads b[i] and ends; main joins
     * B, loads b[0], ends. Threads run one after another, so the sync order is fixed.
     */
    private static Path handOver(Path file, TraceMode mode) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withChunkMillis(600_000))) {
            rec.defineBlock(new CodeEntry(1, "demo.H", "main", "()V", 10, 0, "main"));
            rec.defineBlock(new CodeEntry(2, "demo.H", "a", "()V", 20, 0, "a"));
            rec.defineBlock(new CodeEntry(3, "demo.H", "b", "()V", 30, 0, "b"));
            rec.defineInstruction(new CodeEntry(10, "demo.H", "main", "()V", 11, 3, "IASTORE a[i]"));
            rec.defineInstruction(new CodeEntry(11, "demo.H", "a", "()V", 21, 3, "IALOAD a[i]"));
            rec.defineInstruction(new CodeEntry(12, "demo.H", "a", "()V", 22, 7, "IASTORE b[i]"));
            rec.defineInstruction(new CodeEntry(13, "demo.H", "a", "()V", 23, 9, "MONITORENTER"));
            rec.defineInstruction(new CodeEntry(14, "demo.H", "a", "()V", 24, 12, "MONITOREXIT"));
            rec.defineInstruction(new CodeEntry(15, "demo.H", "b", "()V", 31, 3, "IALOAD b[i]"));
            rec.defineInstruction(new CodeEntry(16, "demo.H", "main", "()V", 12, 5, "IALOAD b[0]"));
            ThreadRecorder main = rec.beginThread("main", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
            main.block(1);
            for (int i = 0; i < 4; i++) main.store(10, Addresses.of(5, 4L * i));
            Thread a = new Thread(() -> {
                ThreadRecorder t = rec.beginThread("a", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
                for (int i = 0; i < 6; i++) {
                    t.block(2);
                    t.load(11, Addresses.of(5, 4L * (i % 4)));
                    t.lock(13, 7);
                    t.store(12, Addresses.of(6, 4L * i));
                    t.unlock(14, 7);
                    if (i == 2) checkpoint(rec);
                }
                t.end();
            }, "a");
            main.fork(17, TraceRecorder.defaultThreadObject(a));
            rec.checkpoint();
            run(a);
            rec.checkpoint();
            main.join(18, TraceRecorder.defaultThreadObject(a));
            Thread b = new Thread(() -> {
                ThreadRecorder t = rec.beginThread("b", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
                t.block(3);
                for (int i = 0; i < 6; i++) t.load(15, Addresses.of(6, 4L * i));
                t.end();
            }, "b");
            main.fork(19, TraceRecorder.defaultThreadObject(b));
            rec.checkpoint();
            run(b);
            main.join(20, TraceRecorder.defaultThreadObject(b));
            main.block(1);
            main.load(16, Addresses.of(6, 0));
            main.end();
        }
        return file;
    }

    private static void checkpoint(TraceRecorder rec) {
        try {
            rec.checkpoint();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void run(Thread t) throws InterruptedException {
        Throwable[] failure = new Throwable[1];
        t.setUncaughtExceptionHandler((th, e) -> failure[0] = e);
        t.start();
        t.join();
        if (failure[0] != null) throw new AssertionError(t.getName() + " failed", failure[0]);
    }

    @Test
    void mergedTracesAnalyseAsTheInput() throws Exception {
        for (Path trace : traces) {
            String in = trace.toString();
            ParallelTrace original = ParallelTrace.open(trace);
            long events = original.eventCount();
            int chunks = Traces.chunks(trace).size();
            assertThat(chunks).as(trace.getFileName() + ": chunks to merge").isGreaterThanOrEqualTo(3);
            assertThat(original.threads().size()).as("main, a, and b unless cut").isBetween(2, 3);
            for (long bound : List.of(1L, 2L, events / 2 + 1, 1L << 26)) for (boolean join : List.of(false, true)) {
                String what = trace.getFileName() + " merged up to " + bound + " events" + (join ? ", joined" : "");
                Path merged = dir.resolve(trace.getFileName() + ".merged-" + bound + (join ? "-joined" : "") + ".wtrace");
                List<String> args = new ArrayList<>(List.of("recompress", in, "-o", merged.toString(), "--chunk-events", Long.toString(bound)));
                if (join) args.add("--join");
                Cli r = Cli.run(args.toArray(String[]::new));
                assertThat(r.exit()).as(r.toString()).isZero();
                String out = merged.toString();
                int after = Traces.chunks(merged).size();
                if (bound <= 2) assertThat(after).as(what).isEqualTo(chunks);
                else if (bound == 1L << 26) assertThat(after).as(what).isEqualTo(1);
                else assertThat(after).as(what).isBetween(2, chunks - 1);
                assertSameAnalyses(what, original, in, out);
            }
        }
    }

    /**
     * What a user keeps after a normal exit ({@code record}'s FinishedTrace, FinishedRewrite): a
     * complete recording of at most the bound's events becomes one chunk that analyses as the
     * agent's file; above the bound it keeps its chunks (re-packed); a killed one is left as it is.
     */
    @Test
    void finishedRecordingsAreMergedWhenSmall() throws Exception {
        for (Path trace : traces) {
            ParallelTrace original = ParallelTrace.open(trace);
            int chunks = Traces.chunks(trace).size();
            Path finished = dir.resolve(trace.getFileName() + ".finished.wtrace");
            Files.copy(trace, finished, StandardCopyOption.REPLACE_EXISTING);
            java.io.StringWriter err = new java.io.StringWriter();
            FinishedTrace.repack(finished, new java.io.PrintWriter(err, true));
            assertThat(err.toString()).isEmpty();
            String what = trace.getFileName() + " as record leaves it";
            if (!original.complete()) {
                assertThat(Files.readAllBytes(finished)).as(what).isEqualTo(Files.readAllBytes(trace));
                continue;
            }
            assertThat(Traces.chunks(finished)).as(what).hasSize(1);
            assertSameAnalyses(what, original, trace.toString(), finished.toString());

            Path joined = dir.resolve(trace.getFileName() + ".joined.wtrace");
            try (TraceReader reader = TraceReader.open(trace)) { // above the rebuild bound: the chunks' grammars joined
                FinishedRewrite.Result r = new FinishedRewrite(original.eventCount() - 1, original.eventCount()).rewrite(reader, joined, Map.of());
                assertThat(r.merged()).as(what).isTrue();
                assertThat(r.joined()).as(what).isTrue();
            }
            assertThat(Traces.chunks(joined)).as(what + ", joined").hasSize(1);
            assertSameAnalyses(what + ", joined", original, trace.toString(), joined.toString());

            Path big = dir.resolve(trace.getFileName() + ".above-bound.wtrace");
            try (TraceReader reader = TraceReader.open(trace)) {
                FinishedRewrite rewrite = new FinishedRewrite(original.eventCount() - 1);
                assertThat(rewrite.merges(reader, Map.of())).as(what).isFalse();
                assertThat(new FinishedRewrite(original.eventCount()).merges(reader, Map.of())).as(what).isTrue();
                FinishedRewrite.Result r = rewrite.rewrite(reader, big, Map.of());
                assertThat(r.merged()).isFalse();
            }
            assertThat(Traces.chunks(big)).as(what + ", above the bound").hasSize(chunks);
            assertThat(out("dump", big.toString())).as(what + ", above the bound").isEqualTo(out("dump", trace.toString()));
        }
    }

    /**
     * A merge that fails in any way (an I/O error, a bug's exception, out of memory, a deep
     * grammar's stack overflow), after writing part of its output, still leaves the user the
     * re-packed file (byte for byte what the re-pack makes, never the merge's half-written one,
     * nor the agent's fast one), with one line saying so.
     */
    /**
     * The exit merge (rebuilt or joined) and a STRATA recording's rewrite report how far they are
     * on the progress line, phase by phase, up to 100 %: before, the line stayed at 0 % until they
     * ended (session 43). Drawn here with a clock that moves a second a call, so that every report
     * is drawn.
     */
    @Test
    void theMergeTheJoinAndTheStrataRewriteReportProgress() throws Exception {
        Path cor = traces.get(2); // a complete COR recording in several chunks
        Path strata = handOver(dir.resolve("progress-strata.wtrace"), TraceMode.STRATA);
        int corChunks = Traces.chunks(cor).size();
        int strataChunks = Traces.chunks(strata).size();
        long events;
        try (TraceReader reader = TraceReader.open(cor)) {
            events = reader.declaredEvents();
        }
        record Case(String name, Path trace, FinishedRewrite rewrite, List<String> lines) {}
        List<String> merged = new ArrayList<>();
        for (int c = 1; c <= corChunks; c++) merged.add("reading chunks " + c + " of " + corChunks + " (" + 100 * c / corChunks + "%)");
        merged.add("merging threads 1 of ");
        merged.add("packing the merged chunk 1 of 1 (100%)");
        List<String> layered = new ArrayList<>();
        for (int c = 1; c <= strataChunks; c++) layered.add("chunks written " + c + " of " + strataChunks + " (" + 100 * c / strataChunks + "%)");
        for (Case k : List.of(new Case("merging", cor, new FinishedRewrite(), merged),
                new Case("merging", cor, new FinishedRewrite(events - 1, events), merged), // joined
                new Case("re-packing", strata, new FinishedRewrite(), layered))) {
            Path finished = dir.resolve("progress-" + k.trace.getFileName());
            Files.copy(k.trace, finished, StandardCopyOption.REPLACE_EXISTING);
            java.io.StringWriter err = new java.io.StringWriter();
            java.io.StringWriter screen = new java.io.StringWriter();
            long[] now = {0};
            FinishedTrace.repack(finished, k.rewrite, new java.io.PrintWriter(err, true),
                    (what, total) -> new Progress(new java.io.PrintWriter(screen), what, total, true, () -> now[0] += 1_000_000_000L));
            assertThat(err.toString()).isEmpty();
            String prefix = "\r" + k.name + " " + finished.getFileName() + ": ";
            int at = 0;
            for (String line : k.lines) { // in this order
                int found = screen.toString().indexOf(prefix + line, at);
                assertThat(found).as("%s %s: '%s' after offset %d in %s", k.name, k.trace.getFileName(), line, at, screen).isGreaterThanOrEqualTo(0);
                at = found + 1;
            }
            assertThat(Cli.run("verify", finished.toString()).exit()).isZero();
        }
    }

    /**
     * A stratum layer given up during the rewrite after a recording (record --strata-memory) is said
     * through the progress line's reporter: the line is cleared first and the message starts a line of
     * its own. Printed straight on the error stream, as until session 47's review, it was glued to the
     * end of the drawn "re-packing ... (N%)" line. One writer here, as on a terminal.
     */
    @Test
    void aLayerGivenUpIsSaidOnALineOfItsOwnBesideTheProgressLine() throws Exception {
        Path finished = handOver(dir.resolve("given-up-strata.wtrace"), TraceMode.STRATA);
        java.io.StringWriter screen = new java.io.StringWriter();
        java.io.PrintWriter terminal = new java.io.PrintWriter(screen, true);
        long[] now = {0};
        FinishedTrace.repack(finished, new FinishedRewrite().strataLimits(new dev.wholetrace.format.wtrace.StrataLayerLimits(4, 1)), terminal,
                (what, total) -> new Progress(terminal, what, total, true, () -> now[0] += 1_000_000_000L));
        String said = "wholetrace: " + finished + ": chunk ";
        int at = screen.toString().indexOf(said);
        assertThat(at).as(screen.toString()).isGreaterThan(0);
        assertThat(screen.toString()).as("the progress line drawn, then cleared before the message").contains("\rre-packing ")
                .contains("\r\033[K" + said);
        for (int k = at; k >= 0; k = screen.toString().indexOf(said, k + 1)) {
            String before = screen.toString().substring(0, k);
            assertThat(before.endsWith("\r\033[K") || before.endsWith(System.lineSeparator()))
                    .as("a line of its own at %d: %s", k, before.substring(Math.max(0, before.length() - 60))).isTrue();
        }
        assertThat(Cli.run("verify", finished.toString()).exit()).isZero();
    }

    /**
     * A recording above the rebuild bound is joined only while its file is at most the byte bound:
     * the join holds every chunk's grammars at once, and a sync-heavy program's large file ran the
     * CLI's heap out (session 43). The rebuild has no byte bound.
     */
    @Test
    void aJoinIsSkippedForAFileAboveTheByteBound() throws Exception {
        try (TraceReader reader = TraceReader.open(traces.get(0))) { // a complete CDR recording in several chunks
            long events = reader.declaredEvents();
            long size = reader.size();
            FinishedRewrite join = new FinishedRewrite(events - 1, events);
            assertThat(join.joinBytesAtMost(size).merges(reader, Map.of())).isTrue();
            assertThat(join.joinBytesAtMost(size - 1).merges(reader, Map.of())).isFalse();
            assertThat(new FinishedRewrite(events, events).joinBytesAtMost(0).merges(reader, Map.of())).as("rebuilt").isTrue();
        }
    }

    @Test
    void aMergeThatFailsLeavesTheRepackedTraceAndSaysSo() throws Exception {
        Path trace = traces.get(0); // a complete CDR recording in several chunks
        Path repacked = dir.resolve("fallback-expected.wtrace");
        try (TraceReader reader = TraceReader.open(trace)) {
            assertThat(new FinishedRewrite().merges(reader, Map.of())).isTrue();
            new FinishedRewrite(0).rewrite(reader, repacked, Map.of());
        }
        List<FinishedRewrite.Merge> failures = List.of(
                (in, out, join, progress) -> { Files.write(out, new byte[] {'W', 'T', 1, 2, 3}); throw new java.io.IOException("No space left on device"); },
                (in, out, join, progress) -> { Files.write(out, new byte[100]); throw new IllegalStateException("rule 12 used once"); },
                (in, out, join, progress) -> { throw new OutOfMemoryError("Java heap space"); },
                (in, out, join, progress) -> { throw new StackOverflowError(); },
                (in, out, join, progress) -> { throw new AssertionError("joined rule 7 differs"); }, // a bug of the merge, under -ea
                (in, out, join, progress) -> { throw new NoClassDefFoundError("dev/wholetrace/format/regrammar/GrammarJoin"); }, // its jar replaced by a rebuild during a long run
                (in, out, join, progress) -> { throw new IllegalStateException("rule body\n" + "17 ".repeat(300)); }); // a message quoting a grammar: one line, cut
        List<String> reasons = List.of("IOException: No space left on device", "IllegalStateException: rule 12 used once",
                "OutOfMemoryError: Java heap space", "StackOverflowError", "AssertionError: joined rule 7 differs",
                "NoClassDefFoundError: dev/wholetrace/format/regrammar/GrammarJoin",
                ("IllegalStateException: rule body " + "17 ".repeat(300)).substring(0, 199) + "…");
        for (int i = 0; i < failures.size(); i++) {
            Path finished = dir.resolve("fallback-" + i + ".wtrace");
            Files.copy(trace, finished, StandardCopyOption.REPLACE_EXISTING);
            java.io.StringWriter err = new java.io.StringWriter();
            FinishedTrace.repack(finished, new FinishedRewrite(FinishedRewrite.REBUILD_AT_MOST, FinishedRewrite.MERGE_AT_MOST, failures.get(i)), new java.io.PrintWriter(err, true));
            assertThat(err.toString().lines()).as(reasons.get(i)).containsExactly("wholetrace: warning: " + finished
                    + ": merging its chunks failed (" + reasons.get(i) + "); re-packing them instead");
            assertThat(Files.readAllBytes(finished)).as(reasons.get(i)).isEqualTo(Files.readAllBytes(repacked));
            assertThat(Cli.run("verify", finished.toString()).exit()).as(reasons.get(i)).isZero();
            assertThat(out("dump", finished.toString())).as(reasons.get(i)).isEqualTo(out("dump", trace.toString()));
        }
    }

    /**
     * A finished STRATA recording's rewrite (each chunk's strata streams stored with the layers
     * that pack smallest) that fails in any way falls back on the re-pack as a failed merge does:
     * an OutOfMemoryError of the layer choice, which packs each chunk once per layer count, must
     * not escape record's exit, nor a bug's exception leave the agent's fast file.
     */
    @Test
    void aStrataRelayerThatFailsLeavesTheRepackedTraceAndSaysSo() throws Exception {
        Path trace = handOver(dir.resolve("handover-strata.wtrace"), TraceMode.STRATA);
        Path repacked = dir.resolve("strata-fallback-expected.wtrace");
        try (TraceReader reader = TraceReader.open(trace)) {
            assertThat(FinishedRewrite.relayers(reader)).isTrue();
            new TraceRepacker(Codec.BEST).repack(reader, repacked, FinishedTrace.storedOutputs(reader));
        }
        List<List<Section>> chunks = Traces.chunks(repacked);
        List<Section> last = chunks.get(chunks.size() - 1);
        long trailerAt = last.get(last.size() - 1).offset();
        List<FinishedRewrite.Relayer> failures = List.of(
                (in, out, trailer, progress) -> { Files.write(out, new byte[100]); throw new IllegalStateException("layer 3 empty"); },
                (in, out, trailer, progress) -> { throw new OutOfMemoryError("Java heap space"); });
        List<String> reasons = List.of("IllegalStateException: layer 3 empty", "OutOfMemoryError: Java heap space");
        for (int i = 0; i < failures.size(); i++) {
            Path finished = dir.resolve("strata-fallback-" + i + ".wtrace");
            Files.copy(trace, finished, StandardCopyOption.REPLACE_EXISTING);
            java.io.StringWriter err = new java.io.StringWriter();
            FinishedRewrite rewrite = new FinishedRewrite(FinishedRewrite.REBUILD_AT_MOST, FinishedRewrite.MERGE_AT_MOST,
                    (in, out, join, progress) -> { throw new AssertionError("a STRATA recording is not merged"); }, failures.get(i));
            FinishedTrace.repack(finished, rewrite, new java.io.PrintWriter(err, true));
            assertThat(err.toString().lines()).as(reasons.get(i)).containsExactly("wholetrace: warning: " + finished
                    + ": storing its stratum layers failed (" + reasons.get(i) + "); re-packing it instead");
            // the re-pack's chunks byte for byte (the stored strata outputs after them are computed afresh each time)
            assertThat(Files.readAllBytes(finished)).as(reasons.get(i)).startsWith(Arrays.copyOf(Files.readAllBytes(repacked), (int) trailerAt));
            assertThat(Cli.run("verify", finished.toString()).exit()).as(reasons.get(i)).isZero();
            assertThat(out("dump", finished.toString())).as(reasons.get(i)).isEqualTo(out("dump", trace.toString()));
        }
    }

    /**
     * The strata outputs a STRATA recording's re-pack stores: when computing them fails with an Error (out of memory,
     * a stack overflow), the agent's file is kept byte for byte, with one line naming that step and nothing beside
     * it; an exception there only drops the outputs (the commands compute them) and the trace is still re-packed.
     * Before session 45 the Error reached the re-pack's catch, which kept the file too but said "rewriting failed".
     */
    @Test
    void strataOutputsThatFailWithAnErrorKeepTheAgentsFileAndSaySo() throws Exception {
        Path trace = handOver(dir.resolve("outputs-strata.wtrace"), TraceMode.STRATA);
        List<FinishedTrace.StrataOutputs> failures = List.of(
                reader -> { throw new OutOfMemoryError("Java heap space"); },
                reader -> { throw new StackOverflowError(); });
        List<String> reasons = List.of("OutOfMemoryError: Java heap space", "StackOverflowError");
        for (int i = 0; i < failures.size(); i++) {
            Path dirOf = Files.createDirectories(dir.resolve("outputs-fail-" + i));
            Path finished = dirOf.resolve("app.wtrace");
            Files.copy(trace, finished);
            java.io.StringWriter err = new java.io.StringWriter();
            FinishedTrace.repack(finished, new FinishedRewrite(), new java.io.PrintWriter(err, true), (what, total) -> null, failures.get(i));
            assertThat(err.toString().lines()).as(reasons.get(i)).containsExactly("wholetrace: warning: " + finished
                    + " was kept as the agent wrote it (storing the strata outputs failed: " + reasons.get(i) + ")");
            assertThat(Files.readAllBytes(finished)).as(reasons.get(i)).isEqualTo(Files.readAllBytes(trace));
            try (var files = Files.list(dirOf)) {
                assertThat(files.toList()).as(reasons.get(i) + ": nothing beside it").containsExactly(finished);
            }
        }
        Path finished = dir.resolve("outputs-exception.wtrace");
        Files.copy(trace, finished);
        java.io.StringWriter err = new java.io.StringWriter();
        FinishedTrace.repack(finished, new FinishedRewrite(), new java.io.PrintWriter(err, true),
                (what, total) -> new dev.wholetrace.cli.term.Progress(new java.io.PrintWriter(java.io.Writer.nullWriter()), what, total),
                reader -> { throw new IllegalStateException("no layer"); });
        assertThat(err.toString().lines()).containsExactly("wholetrace: warning: " + finished + ": the strata outputs were not stored (no layer)");
        assertThat(Files.readAllBytes(finished)).isNotEqualTo(Files.readAllBytes(trace));
        assertThat(Cli.run("verify", finished.toString()).exit()).isZero();
    }

    /**
     * The re-pack is what every other path falls back on; when it fails too, in any way (an
     * OutOfMemoryError on a large chunk, a bug's exception, a full disk), after writing part of its
     * output, the user keeps the agent's file byte for byte, no partial file beside it, and one
     * line saying why; nothing escapes (record's exit code stays the program's). Also after a
     * failed merge, so that the fallback's failure is the one reported.
     */
    @Test
    void aRepackThatFailsKeepsTheAgentsFileAndSaysSo() throws Exception {
        Path trace = traces.get(0); // a complete CDR recording in several chunks
        List<FinishedRewrite.Repack> failures = List.of(
                (reader, out, trailer, progress) -> { Files.write(out, new byte[] {'W', 'T', 1}); throw new OutOfMemoryError("Java heap space"); },
                (reader, out, trailer, progress) -> { throw new IllegalStateException("chunk 3\nsection 2 too long"); },
                (reader, out, trailer, progress) -> { throw new java.io.IOException("No space left on device"); });
        List<String> reasons = List.of("OutOfMemoryError: Java heap space", "IllegalStateException: chunk 3 section 2 too long",
                "IOException: No space left on device");
        for (boolean mergeFails : List.of(false, true)) {
            for (int i = 0; i < failures.size(); i++) {
                String what = reasons.get(i) + (mergeFails ? ", after a failed merge" : "");
                Path dirOf = Files.createDirectories(dir.resolve("repack-fails-" + mergeFails + "-" + i));
                Path finished = dirOf.resolve("app.wtrace");
                Files.copy(trace, finished);
                FinishedRewrite rewrite = (mergeFails
                        ? new FinishedRewrite(FinishedRewrite.REBUILD_AT_MOST, FinishedRewrite.MERGE_AT_MOST,
                                (in, out, join, progress) -> { throw new OutOfMemoryError("Java heap space"); })
                        : new FinishedRewrite(0)).repackWith(failures.get(i));
                java.io.StringWriter err = new java.io.StringWriter();
                FinishedTrace.repack(finished, rewrite, new java.io.PrintWriter(err, true));
                List<String> lines = err.toString().lines().toList();
                assertThat(lines.get(lines.size() - 1)).as(what).isEqualTo("wholetrace: warning: " + finished
                        + " was kept as the agent wrote it (rewriting failed: " + reasons.get(i) + ")");
                assertThat(lines).as(what).hasSize(mergeFails ? 2 : 1);
                assertThat(Files.readAllBytes(finished)).as(what).isEqualTo(Files.readAllBytes(trace));
                try (var files = Files.list(dirOf)) {
                    assertThat(files.toList()).as(what + ": no partial output left").containsExactly(finished);
                }
            }
        }
    }

    /** {@code out} (a merged {@code in}) prints the same dump, stats counts, races, deps and segments as {@code in}. */
    private static void assertSameAnalyses(String what, ParallelTrace original, String in, String out) throws Exception {
        long events = original.eventCount();
        assertThat(ParallelTrace.open(Path.of(out)).eventCount()).as(what).isEqualTo(events);
        assertThat(out("dump", out)).as(what).isEqualTo(out("dump", in));
        for (int t = 0; t < original.threads().size(); t++) {
            assertThat(out("dump", out, "--thread", Integer.toString(t))).as(what + " thread " + t)
                    .isEqualTo(out("dump", in, "--thread", Integer.toString(t)));
        }
        assertThat(statsCounts(out)).as(what + ": stats").isEqualTo(statsCounts(in));
        assertThat(Cli.run("verify", out).exit()).as(what).isZero();
        sameOutput(what, in, out, "races");
        sameOutput(what, in, out, "races", "--format", "json");
        if (original.mode() == TraceMode.CDR) sameOutput(what, in, out, "deps", "--format", "json", "--instances", "1000");
        for (int t = 0; t < original.threads().size(); t++) {
            long ops = original.thread(t).syncCount();
            for (long from = 0; from < ops; from++) {
                for (long to = from; to < ops; to++) {
                    List<String> a = original("segment", in, "--thread", Integer.toString(t), Long.toString(from), Long.toString(to));
                    List<String> b = out("segment", out, "--thread", Integer.toString(t), Long.toString(from), Long.toString(to));
                    String w = what + " thread " + t + " ops " + from + ".." + to;
                    assertThat(b.subList(1, b.size())).as(w).isEqualTo(a.subList(1, a.size()));
                    assertThat(eventsOnly(b.get(0))).as(w).isEqualTo(eventsOnly(a.get(0)));
                }
            }
        }
    }

    /** {@code --join} only says how {@code --chunk-events} merges: alone or with a rebuild, a one-line refusal. */
    @Test
    void joinWithoutChunkEventsOrWithARebuildIsRefused() {
        String in = traces.get(0).toString();
        for (String[] extra : new String[][] {{}, {"--chunk-events", "100", "--grammar", "repair"}, {"--chunk-events", "100", "--addresses", "predictive"}}) {
            List<String> args = new ArrayList<>(List.of("recompress", in, "-o", dir.resolve("refused.wtrace").toString(), "--join"));
            args.addAll(List.of(extra));
            Cli r = Cli.run(args);
            assertThat(r.exit()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(r.toString()).singleElement().asString().contains("--join goes with --chunk-events");
        }
    }

    /** A trace too old to rewrite: the one-line refusal names the option given, not another. */
    @Test
    void aTooOldTraceIsRefusedNamingTheOptionGiven() throws Exception {
        Path v3 = Path.of("..", "recorder", "src", "test", "resources", "traces", "v3-checkpointed-cdr.wtrace");
        for (String[] option : new String[][] {{"--chunk-events", "100"}, {"--addresses", "predictive"}, {"--grammar", "repair"}}) {
            Cli r = Cli.run("recompress", v3.toString(), "-o", dir.resolve("v3-" + option[0].substring(2) + ".wtrace").toString(), option[0], option[1]);
            assertThat(r.exit()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(r.toString()).hasSize(1);
            assertThat(r.err()).as(r.toString()).contains("version 3").contains(option[0] + " rewrites versions");
        }
    }

    /** {@code stats --format json}'s event counts and clock span (everything counted in events, not chunks or bytes). */
    private static List<String> statsCounts(String trace) {
        Matcher m = Pattern.compile("\"(events|eventCount|syncOps|syncCount|recordedNanos|threads|loads|stores|blocks)\":(\\d+)")
                .matcher(String.join("", out("stats", trace, "--format", "json")));
        List<String> found = new ArrayList<>();
        while (m.find()) found.add(m.group());
        assertThat(found).as("stats of " + trace).isNotEmpty();
        return found;
    }

    /** Runs {@code command} on both files: the same exit, output and errors but for the file name, time taken and chunk count. */
    private static void sameOutput(String what, String in, String out, String command, String... more) {
        List<String> args = new ArrayList<>(List.of(command, in));
        args.addAll(List.of(more));
        Cli a = Cli.run(args);
        args.set(1, out);
        Cli b = Cli.run(args);
        assertThat(b.exit()).as(what + ": " + command + " " + b).isEqualTo(a.exit());
        assertThat(normalised(b.out(), out)).as(what + ": " + command).isEqualTo(normalised(a.out(), in));
        assertThat(normalised(b.err(), out)).as(what + ": " + command).isEqualTo(normalised(a.err(), in));
    }

    private static String normalised(String text, String file) {
        return text.replace(file, "FILE").replace(Path.of(file).getFileName().toString(), "FILE")
                .replaceAll("\\d+\\.\\d+ s\\b", "T s").replaceAll("\\(\\d+ trailing bytes ignored\\)", "(trailing bytes ignored)").replaceAll("its \\d+ complete chunks?", "its N complete chunks").replaceAll("\"(\\w*(Nanos|Millis|Seconds|seconds|millis))\":\"?[0-9.]+\"?", "\"$1\":T");
    }

    /** A segment's header up to its events: which chunks it spans is what merging changes. */
    private static String eventsOnly(String line) {
        int at = line.indexOf(" events); ");
        return at < 0 ? line : line.substring(0, at + " events);".length());
    }

    /** The input's answers, asked once for all bounds. */
    private static final java.util.Map<List<String>, List<String>> ORIGINAL = new java.util.HashMap<>();

    private static List<String> original(String... args) {
        return ORIGINAL.computeIfAbsent(List.of(args), a -> out(args));
    }

    private static List<String> out(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r.out().lines().toList();
    }
}
