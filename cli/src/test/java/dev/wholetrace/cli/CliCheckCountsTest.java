package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.SyncCountsCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check counts of format 14 (docs/trace-format.md, "Check counts") from the command line. The
 * same recording without them, as version 13 stored it, gives every {@code deps} answer the
 * version-14 file gives (the committed fixtures are of versions 7, 8 and 10 only). A version-14
 * eWPP whose check grammar is damaged behind a recomputed CRC while its counts stand: every command
 * that decodes the grammar says so in one line with exit 2, none fails otherwise (CliFuzzTest's
 * contract), and {@code deps FILE}, which reads the counts only, answers as on the undamaged file
 * (the documented exception).
 */
class CliCheckCountsTest {
    @TempDir
    static Path dir;

    static Path base;
    static Path damaged;
    static Path v13;

    @BeforeAll
    static void damage() throws Exception {
        Path cdr = CliDepsTest.record(dir, "sor", "2", "8", "1", "cdr");
        Path packed = CliDepsTest.record(dir, "sor", "2", "8", "1", "ewpp", "--filter-from", cdr.toString());
        base = dir.resolve("base.wtrace"); // each section stored alone (no PACK), so that its check grammar can be cut
        try (TraceReader reader = TraceReader.open(packed)) {
            new TraceRepacker(Codec.DEFLATE).repack(reader, base);
        }
        FuzzSections s = FuzzSections.parse(Files.readAllBytes(base));
        FuzzSections old = s.copy();
        for (FuzzSections.Part p : checkSections(s)) {
            int grammar = afterCounts(p.payload);
            // the grammar block cut to its first half: it cannot decode to what the counts count
            p.payload = Arrays.copyOf(p.payload, grammar + (p.payload.length - grammar) / 2);
            p.touched = true;
        }
        damaged = Files.write(dir.resolve("damaged.wtrace"), s.write(false));
        for (FuzzSections.Part p : checkSections(old)) p.payload = Arrays.copyOfRange(p.payload, afterCounts(p.payload), p.payload.length);
        // version 13: its code map is CODE sections without a CODE_INDEX (version 16), which a chunk then reads whole;
        // nothing else differs (docs/trace-format.md, Versions)
        old.parts.removeIf(p -> p.type() == SectionType.CODE_INDEX.id);
        // and, as every version before 20 (docs/trace-format.md, Versions), its sync counts stored in a SYNC_COUNTS
        // section per thread chunk with sync operations, which format 20 derives from the grammar instead
        addSyncCounts(old, base);
        FuzzSections.le(old.fileHeader).putShort(4, (short) 13);
        v13 = Files.write(dir.resolve("v13.wtrace"), old.write(false));
    }

    /**
     * Puts behind each thread chunk's last STREAM section the SYNC_COUNTS section a writer before version 20 stored:
     * the counts of every stream that carries them, in stream order, as {@link SyncCountsCodec} writes them.
     */
    private static void addSyncCounts(FuzzSections s, Path file) throws Exception {
        ParallelTrace trace = ParallelTrace.open(file);
        int added = 0;
        for (int t = 0; t < trace.threads().size(); t++) {
            ThreadTrace thread = trace.thread(t);
            for (int piece = 0; piece < thread.pieces().size(); piece++) {
                ThreadChunk tc = thread.pieces().get(piece);
                VarIntWriter w = new VarIntWriter();
                long ops = 0;
                for (StreamChunk sc : tc.streamChunks()) {
                    if (sc.syncCounts() == null) continue;
                    SyncCountsCodec.write(sc.syncCounts(), w);
                    ops += sc.syncCounts().total();
                }
                if (ops == 0) continue;
                int chunk = thread.chunkOf(piece);
                int last = -1;
                for (int i = 0; i < s.parts.size(); i++) {
                    FuzzSections.Part p = s.parts.get(i);
                    if (p.type() == SectionType.STREAM.id && p.thread() == tc.thread() && FuzzSections.le(p.header).getInt(4) == chunk) last = i;
                }
                assertThat(last).as("thread %d's sections in chunk %d", tc.thread(), chunk).isNotNegative();
                byte[] header = s.parts.get(last).header.clone();
                header[0] = (byte) SectionType.SYNC_COUNTS.id;
                header[2] = 0; // no stream kind
                s.parts.add(last + 1, new FuzzSections.Part(header, w.toByteArray()));
                added++;
            }
        }
        assertThat(added).as("thread chunks with sync operations").isPositive();
    }

    /** The STREAM sections of the eWPP's check stream (at least one). */
    private static List<FuzzSections.Part> checkSections(FuzzSections s) {
        List<FuzzSections.Part> checks = s.parts.stream()
                .filter(p -> p.type() == SectionType.STREAM.id && (p.header[2] & 0xFF) == StreamKinds.CHECKS.id()).toList();
        assertThat(checks).isNotEmpty();
        return checks;
    }

    /** The offset of the grammar block: after varint k, k varints, varint h, 2h varints. */
    private static int afterCounts(byte[] b) {
        int[] at = {0};
        long k = varint(b, at);
        for (long i = 0; i < k; i++) varint(b, at);
        long h = varint(b, at);
        for (long i = 0; i < 2 * h; i++) varint(b, at);
        return at[0];
    }

    private static long varint(byte[] b, int[] at) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            int x = b[at[0]++] & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if (x < 0x80) return v;
        }
    }

    @Test
    void version13WithoutCountsAnswersAsVersion14() {
        Cli verify = Cli.run("verify", v13.toString());
        assertThat(verify.exit()).as(verify.toString()).isZero();
        assertThat(verify.out()).contains("version 13");
        int[] edge = edge(base);
        List<List<String>> on14 = CliDepsFuzzTest.depsCommands(base, edge);
        List<List<String>> on13 = CliDepsFuzzTest.depsCommands(v13, edge);
        for (int c = 0; c < on14.size(); c++) {
            List<String> json14 = new ArrayList<>(on14.get(c));
            List<String> json13 = new ArrayList<>(on13.get(c));
            json14.addAll(List.of("--format", "json"));
            json13.addAll(List.of("--format", "json"));
            Cli a = Cli.run(json14);
            Cli b = Cli.run(json13);
            assertThat(a.exit()).as(a.toString()).isZero();
            assertThat(b.exit()).as(b.toString()).isZero();
            assertThat(withoutTimes(b.out().replace(v13.toString(), base.toString()))).as(String.join(" ", json13))
                    .isEqualTo(withoutTimes(a.out()));
        }
    }

    /** A (load, store) edge of {@code f} with a store. */
    @SuppressWarnings("unchecked")
    private static int[] edge(Path f) {
        List<java.util.Map<String, Object>> all = (List<java.util.Map<String, Object>>) CliDepsTest.depsJson(f).get("edges");
        java.util.Map<String, Object> e = all.stream().filter(x -> ((Number) x.get("store")).intValue() >= 0).findFirst().orElseThrow();
        return new int[] {((Number) e.get("load")).intValue(), ((Number) e.get("store")).intValue()};
    }

    private static String withoutTimes(String json) {
        return json.replaceAll("\"[A-Za-z_]*(Nanos|Millis|Seconds|nanos|millis|seconds)\"\\s*:\\s*[0-9.eE+-]+", "\"time\": 0"); // recoveryNanos
    }

    @Test
    void everyCommandThatDecodesTheGrammarSaysSoInOneLine() {
        List<String> failures = new ArrayList<>();
        String f = damaged.toString();
        List<List<String>> commands = new ArrayList<>(CliFuzzTest.traceCommands(damaged));
        commands.add(List.of("deps", f, "--expand"));
        commands.add(List.of("report", f));
        for (List<String> c : commands) {
            Cli r = Cli.run(c);
            String problem = CliFuzzTest.contract(r);
            System.out.println("damaged check grammar: " + String.join(" ", c.subList(0, 1)) + " " + String.join(" ", c.subList(2, c.size()))
                    + " -> exit " + r.exit() + (r.exit() == 0 ? "" : ": " + r.err().strip()));
            if (problem != null) failures.add(String.join(" ", c.subList(0, 1)) + ": " + problem);
        }
        assertThat(failures).isEmpty();
        Cli verify = Cli.run("verify", f);
        assertThat(verify.exit()).as(verify.toString()).isEqualTo(2);
        Cli expand = Cli.run("deps", f, "--expand");
        assertThat(expand.exit()).as(expand.toString()).isEqualTo(2);
    }

    @Test
    void depsCountsFromTheCountsAsOnTheUndamagedFile() {
        Cli r = Cli.run("deps", damaged.toString(), "--format", "json");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(CliDepsTest.edges(JsonText.object(r.out()))).isEqualTo(CliDepsTest.edges(CliDepsTest.depsJson(base)));
    }
}
