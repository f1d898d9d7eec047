package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliErrorTest.badInput;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SectionType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad trace files and bad numbers for stats, dump and segment: one "wholetrace: ..." line and exit
 * code 2; an unfinished recording is not an error but a warning, and the commands go on with its
 * complete chunks.
 */
class CliTraceErrorTest {
    @TempDir
    static Path dir;

    static Path good;

    @BeforeAll
    static void record() throws Exception {
        good = Traces.twoThreads(dir.resolve("good.wtrace"), TraceMode.CDR);
    }

    static String s(Path p) {
        return p.toString();
    }

    /** The same bad-input check for all three commands. */
    static void allCommandsFail(Path file, String... expected) {
        for (List<String> args : List.of(List.of("stats", s(file)), List.of("stats", s(file), "--json"), List.of("dump", s(file)),
                List.of("dump", s(file), "--thread", "1"), List.of("segment", s(file), "--thread", "1", "1", "2"))) {
            assertThat(badInput(args.toArray(String[]::new))).as(String.join(" ", args)).contains(expected);
        }
    }

    @Test
    void missingFile() {
        allCommandsFail(dir.resolve("nope.wtrace"), "nope.wtrace", "no such file");
        allCommandsFail(dir, "is a directory");
    }

    @Test
    void notATrace() throws Exception {
        byte[] random = new byte[5000];
        new Random(7).nextBytes(random);
        allCommandsFail(Files.write(dir.resolve("random.bin"), random), "random.bin", "not a Wholetrace trace");
        allCommandsFail(Files.write(dir.resolve("short.bin"), new byte[] {'W', 'T'}), "not a Wholetrace trace");
        allCommandsFail(Files.writeString(dir.resolve("notes.wtrace"), "these are my notes, not a trace\n"), "bad magic");
        // a grammar file is not a trace either
        Path raw = Files.write(dir.resolve("in.u32"), CliTest.u32(3000, 1));
        Path wgr = dir.resolve("x.wgr");
        assertThat(Cli.run("compress", s(raw), "--input", "u32", "-o", s(wgr)).exit()).isZero();
        allCommandsFail(wgr, "x.wgr", "not a Wholetrace trace");
    }

    @Test
    void corruptedPayloadNamesTheSection() throws Exception {
        List<List<Section>> chunks = Traces.chunks(good);
        List<Predicate<Section>> damaged = List.of(x -> x.stream() == StreamKinds.CONTROL, x -> x.stream() == StreamKinds.ADDRESSES,
                x -> x.type() == SectionType.SYNC_ORDER, x -> x.type() == SectionType.SYMBOLS);
        for (Predicate<Section> which : damaged) {
            Section sec = chunks.get(1).stream().filter(which).findFirst().orElseThrow();
            byte[] b = Files.readAllBytes(good);
            b[(int) sec.offset() + 24 + sec.storedLength() / 2] ^= 0x20;
            Path bad = Files.write(dir.resolve("bad.wtrace"), b);
            String where = sec.describe(); // e.g. "STREAM (control) section of thread 1 in chunk 1"
            assertThat(where).endsWith((sec.type().perThread ? " of thread 1" : "") + " in chunk 1");
            allCommandsFail(bad, "bad.wtrace", where, "corrupt");
        }
        byte[] b = Files.readAllBytes(good);
        b[5] ^= 1; // the version, under the header CRC
        allCommandsFail(Files.write(dir.resolve("header.wtrace"), b), "header.wtrace", "corrupt");
    }

    @Test
    void truncatedMidChunkWarnsAndUsesTheCompleteChunks() throws Exception {
        List<List<Section>> chunks = Traces.chunks(good);
        long chunk2 = chunks.get(2).get(0).offset();
        Section last = chunks.get(2).get(chunks.get(2).size() - 1);
        long chunk2End = last.offset() + last.fileBytes();
        for (long cut : new long[] {chunk2 + 3, chunk2 + 30, (chunk2 + chunk2End) / 2, chunk2End - 1}) {
            Path part = Traces.cut(good, cut, dir.resolve("part.wtrace"));
            String warning = "wholetrace: warning: " + part + " is incomplete (the recording did not finish); using its 2 complete chunks ("
                    + (cut - chunk2) + " trailing bytes ignored)";

            Cli stats = Cli.run("stats", s(part));
            assertThat(stats.exit()).as(stats.toString()).isZero();
            assertThat(stats.errLines()).as(stats.toString()).containsExactly(warning);
            assertThat(stats.out()).contains("status      incomplete").contains("chunks      2");
            var sizes = TextTables.table(stats.out(), "sizes in bytes");
            assertThat(TextTables.number(sizes, "total", "total")).isEqualTo(cut);
            assertThat(TextTables.number(sizes, "total", "unread")).isEqualTo(cut - chunk2);
            var json = JsonText.object(Cli.run("stats", s(part), "--json").out().strip());
            assertThat(json).containsEntry("complete", false).containsEntry("ignoredBytes", cut - chunk2).containsEntry("fileBytes", cut);
            assertThat(JsonText.at(json, "total.bytes.total")).isEqualTo(cut);

            // what the complete chunks hold is a prefix of the whole recording
            Cli order = Cli.run("dump", s(part));
            assertThat(order.exit()).isZero();
            assertThat(order.errLines()).containsExactly(warning);
            List<String> fullOrder = Cli.run("dump", s(good)).out().lines().toList();
            assertThat(order.out().lines().toList()).hasSize(3 + Traces.ITERATIONS).isEqualTo(fullOrder.subList(0, 3 + Traces.ITERATIONS));
            Cli worker = Cli.run("dump", s(part), "--thread", "1");
            assertThat(worker.errLines()).containsExactly(warning);
            List<String> fullWorker = Cli.run("dump", s(good), "--thread", "1").out().lines().toList();
            assertThat(worker.out().lines().toList()).hasSize(1 + 5 * Traces.ITERATIONS / 2)
                    .isEqualTo(fullWorker.subList(0, 1 + 5 * Traces.ITERATIONS / 2));

            Cli seg = Cli.run("segment", s(part), "--thread", "1", "1", "2");
            assertThat(seg.exit()).isZero();
            assertThat(seg.errLines()).containsExactly(warning);
            // the worker's operations after the cut are gone: a clear error, with the warning first
            Cli gone = Cli.run("segment", s(part), "--thread", "1", "1", "150");
            assertThat(gone.exit()).isEqualTo(2);
            assertThat(gone.errLines()).containsExactly(warning,
                    "wholetrace: sync operation 150 does not exist: thread 1 (worker) has 101 sync operations (0..100)");
        }
    }

    /** Cut inside END: every chunk is there, only the end mark is missing. */
    @Test
    void truncatedInsideEnd() throws Exception {
        long size = Files.size(good);
        Path part = Traces.cut(good, size - 2, dir.resolve("noend.wtrace"));
        List<List<Section>> chunks = Traces.chunks(good);
        Section last = chunks.get(2).get(chunks.get(2).size() - 1);
        long ignored = size - 2 - (last.offset() + last.fileBytes());
        String warning = "wholetrace: warning: " + part + " is incomplete (the recording did not finish); using its 3 complete chunks ("
                + ignored + " trailing bytes ignored)";
        for (String[] args : new String[][] {{"stats", s(part)}, {"dump", s(part)}, {"dump", s(part), "--thread", "1"},
                {"segment", s(part), "--thread", "1", "3", "150"}}) {
            Cli r = Cli.run(args);
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(r.errLines()).as(r.toString()).containsExactly(warning);
            if (!args[0].equals("stats")) {
                args[1] = s(good);
                assertThat(r.out()).isEqualTo(Cli.run(args).out());
            }
        }
    }

    @Test
    void truncatedBeforeTheFirstChunkIsAnError() throws Exception {
        long insideFirstChunk = Traces.chunks(good).get(0).get(0).offset() + 30;
        for (long cut : new long[] {16, 40, insideFirstChunk}) {
            allCommandsFail(Traces.cut(good, cut, dir.resolve("head.wtrace")), "head.wtrace", "no complete chunk");
        }
        allCommandsFail(Traces.cut(good, 10, dir.resolve("tiny.wtrace")), "tiny.wtrace", "too short");
    }

    @Test
    void badThreadAndOperationNumbers() {
        String f = s(good);
        assertThat(badInput("segment", f, "--thread", "2", "1", "2")).isEqualTo("wholetrace: no thread 2: good.wtrace has 2 threads (0..1)");
        assertThat(badInput("dump", f, "--thread", "7")).contains("no thread 7", "(0..1)");
        assertThat(badInput("segment", f, "--thread", "1", "5", "202"))
                .isEqualTo("wholetrace: sync operation 202 does not exist: thread 1 (worker) has 202 sync operations (0..201)");
        assertThat(badInput("segment", f, "--thread", "0", "4", "4")).contains("sync operation 4 does not exist", "thread 0 (main) has 4 sync operations (0..3)");
        assertThat(badInput("segment", f, "--thread", "1", "9", "3")).contains("first sync operation (9) comes after its last (3)");
        assertThat(badInput("dump", f, "--thread", "1", "--sync-from", "300")).contains("sync operation 300 does not exist", "(0..201)");
        assertThat(badInput("dump", f, "--sync-to", "206")).isEqualTo("wholetrace: S_synch entry 206 does not exist: S_synch has 206 entries (0..205)");
        assertThat(badInput("dump", f, "--sync-from", "5", "--sync-to", "4")).contains("--sync-from 5 comes after --sync-to 4");
        assertThat(badInput("dump", f, "--limit", "-1")).contains("--limit");
        badInput("segment", f, "--thread", "1", "-1", "2");
        badInput("segment", f, "--thread", "-1", "1", "2");
    }

    @Test
    void badUsage() {
        String f = s(good);
        assertThat(badInput("segment", f, "1", "2")).contains("--thread").contains("segment --help");
        assertThat(badInput("segment", f, "--thread", "1", "2")).contains("N");
        assertThat(badInput("segment", f, "--thread", "1", "two", "3")).contains("two");
        assertThat(badInput("dump", f, "--format", "xml")).contains("xml", "text", "jsonl");
        assertThat(badInput("stats")).contains("FILE");
        assertThat(badInput("stats", f, "--bogus")).contains("--bogus");
    }
}
