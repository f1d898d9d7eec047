package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wholetrace recompress --grammar}: a trace whose grammars were rebuilt by another algorithm
 * reads exactly as before: the same dump, the same segments (events and positions; only the name
 * of the lowest common rule in a segment's header depends on the grammar), the same races.
 */
class CliRecompressGrammarTest {
    @TempDir
    static Path dir;

    static List<Path> traces = new ArrayList<>();

    @BeforeAll
    static void record() throws Exception {
        traces.add(Traces.twoThreads(dir.resolve("two.wtrace"), TraceMode.CDR));
        traces.add(Traces.sor(dir.resolve("sor-all.wtrace"), TraceMode.ALL, 18, 2));
        traces.add(Traces.sor(dir.resolve("sor-dor.wtrace"), TraceMode.DOR, 18, 2));
        Path racy = dir.resolve("racy.wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        List<String> cmd = new ArrayList<>(List.of(CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "record", "-o", racy.toString(), "--mode", "cdr", "--agent", agent.toString(), "--include", "wtdemo.*", "--",
                CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.RacyCounter"));
        CliRecordTest.Run run = CliRecordTest.run(cmd, "");
        assertThat(run.exit()).isZero();
        traces.add(racy);
        Path v4 = dir.resolve("v4-checkpointed-cdr.wtrace"); // a format-4 trace (no clock) is rewritten too
        Files.copy(Path.of("..", "recorder", "src", "test", "resources", "traces", "v4-checkpointed-cdr.wtrace"), v4);
        traces.add(v4);
    }

    /** The --grammar arguments every test rebuilds with: each algorithm, and enhanced over windows of 64 events (so that traces this small have several). */
    static final List<String[]> GRAMMARS = List.of(new String[] {"enhanced"}, new String[] {"repair"}, new String[] {"strata"},
            new String[] {"enhanced", "--window", "64"});

    /** How recompress names the grammar in its summary. */
    private static String label(String[] grammar) {
        GrammarAlgorithm a = GrammarAlgorithm.byName(grammar[0]);
        return (grammar.length == 1 ? a : a.withWindow(Integer.parseInt(grammar[2]))).label();
    }

    /** The recording's clock span as stats reports it ("none" without a clock). */
    private static String recordedNanos(String trace) {
        Matcher m = Pattern.compile("\"recordedNanos\":(\\d+)").matcher(String.join("", out("stats", trace, "--format", "json")));
        return m.find() ? m.group(1) : "none";
    }

    static List<String> out(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r.out().lines().toList();
    }

    @Test
    void rebuiltGrammarsReadAsTheOriginal() throws Exception {
        for (Path trace : traces) {
            String in = trace.toString();
            List<String> dump = out("dump", in);
            Cli races = Cli.run("races", in); // a DOR trace has no races to find: then the same one-line error
            for (String[] grammar : GRAMMARS) {
                String algorithm = String.join("", grammar).replace("--window", "-w");
                Path rebuilt = dir.resolve(trace.getFileName() + "." + algorithm + ".wtrace");
                List<String> args = new ArrayList<>(List.of("recompress", in, "-o", rebuilt.toString(), "--grammar"));
                args.addAll(List.of(grammar));
                Cli r = Cli.run(args.toArray(String[]::new));
                assertThat(r.exit()).as(r.toString()).isZero();
                assertThat(r.out()).contains("grammar " + label(grammar) + ": ").contains("complete");
                String what = trace.getFileName() + " with " + algorithm;
                String out = rebuilt.toString();
                assertThat(out("dump", out)).as(what).isEqualTo(dump);
                Cli racesAfter = Cli.run("races", out);
                assertThat(racesAfter.exit()).as(what).isEqualTo(races.exit());
                assertThat(normalised(racesAfter.out().lines().toList(), out)).as(what).isEqualTo(normalised(races.out().lines().toList(), in));
                assertThat(racesAfter.err()).as(what).isEqualTo(races.err());
                assertThat(Cli.run("verify", out).exit()).as(what).isZero();
                assertThat(Cli.run("stats", out).err()).as(what).isEmpty();
                assertThat(recordedNanos(out)).as(what + ": the clock").isEqualTo(recordedNanos(in));
                assertSameSegments(in, out, what);
            }
        }
    }

    /**
     * {@code --addresses}: the address streams decoded and encoded again, with the predictor stage or
     * as format 5 stored them (also from a committed format-5 file), read as the original.
     */
    @Test
    void reEncodedAddressStreamsReadAsTheOriginal() throws Exception {
        List<Path> inputs = new ArrayList<>(traces);
        Path v5 = dir.resolve("v5-checkpointed-all.wtrace");
        Files.copy(Path.of("..", "recorder", "src", "test", "resources", "traces", "v5-checkpointed-all.wtrace"), v5);
        inputs.add(v5);
        for (Path trace : inputs) {
            if (trace.getFileName().toString().contains("dor")) continue; // no address streams
            String in = trace.toString();
            List<String> dump = out("dump", in);
            Cli races = Cli.run("races", in);
            for (String coding : List.of("predictive", "diff-rle")) {
                Path recoded = dir.resolve(trace.getFileName() + "." + coding + ".wtrace");
                Cli r = Cli.run("recompress", in, "-o", recoded.toString(), "--addresses", coding);
                assertThat(r.exit()).as(r.toString()).isZero();
                assertThat(r.out()).contains("address streams re-encoded: " + coding).contains("complete");
                String what = trace.getFileName() + " with addresses " + coding;
                String out = recoded.toString();
                assertThat(out("dump", out)).as(what).isEqualTo(dump);
                for (int t = 0; t < ParallelTrace.open(recoded).threads().size(); t++) {
                    assertThat(out("dump", out, "--thread", Integer.toString(t))).as(what + " thread " + t)
                            .isEqualTo(out("dump", in, "--thread", Integer.toString(t)));
                }
                Cli racesAfter = Cli.run("races", out);
                assertThat(racesAfter.exit()).as(what).isEqualTo(races.exit());
                assertThat(normalised(racesAfter.out().lines().toList(), out)).as(what).isEqualTo(normalised(races.out().lines().toList(), in));
                assertThat(Cli.run("verify", out).exit()).as(what).isZero();
                assertSameSegments(in, out, what);
            }
        }
        Path raw = dir.resolve("few.u32");
        Files.write(raw, new byte[] {1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0});
        Path wgr = dir.resolve("few.wgr");
        assertThat(Cli.run("compress", raw.toString(), "--input", "u32", "-o", wgr.toString()).exit()).isZero();
        Cli bad = Cli.run("recompress", wgr.toString(), "-o", dir.resolve("few2.wgr").toString(), "--addresses", "predictive");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err().strip().lines().count()).as(bad.err()).isEqualTo(1);
        assertThat(bad.err()).contains("--addresses");
        Cli unknown = Cli.run("recompress", traces.get(0).toString(), "-o", dir.resolve("x.wtrace").toString(), "--addresses", "vpc");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown address coding 'vpc'");
    }

    /**
     * {@code --chunk-events}: consecutive chunks of a COR/CDR trace merged into one (or, with a
     * bound of half the events, into groups) read as the original: dump, every thread's events,
     * segments, races, clock; a trace with streams the merge does not handle (ALL) keeps its chunks.
     */
    @Test
    void mergedChunksReadAsTheOriginal() throws Exception {
        for (Path trace : traces) {
            String in = trace.toString();
            int chunks = Traces.chunks(trace).size();
            ParallelTrace original = ParallelTrace.open(trace);
            boolean mergeable = original.mode() == TraceMode.CDR || original.mode() == TraceMode.COR;
            List<String> dump = out("dump", in);
            Cli races = Cli.run("races", in);
            for (long bound : List.of(1L << 26, original.eventCount() / 2 + 1)) {
                Path merged = dir.resolve(trace.getFileName() + ".merged-" + bound + ".wtrace");
                Cli r = Cli.run("recompress", in, "-o", merged.toString(), "--chunk-events", Long.toString(bound));
                assertThat(r.exit()).as(r.toString()).isZero();
                String what = trace.getFileName() + " merged up to " + bound + " events";
                int after = Traces.chunks(merged).size();
                if (!mergeable) assertThat(after).as(what).isEqualTo(chunks);
                else if (bound == 1L << 26) assertThat(after).as(what).isEqualTo(1);
                else assertThat(after).as(what).isBetween(1, chunks);
                if (mergeable && chunks > 1 && bound == 1L << 26) assertThat(r.out()).contains("chunks  " + chunks + " merged into 1");
                String out = merged.toString();
                assertThat(out("dump", out)).as(what).isEqualTo(dump);
                for (int t = 0; t < original.threads().size(); t++) {
                    assertThat(out("dump", out, "--thread", Integer.toString(t))).as(what + " thread " + t)
                            .isEqualTo(out("dump", in, "--thread", Integer.toString(t)));
                }
                Cli racesAfter = Cli.run("races", out);
                assertThat(racesAfter.exit()).as(what).isEqualTo(races.exit());
                assertThat(normalised(racesAfter.out().lines().toList(), out)).as(what).isEqualTo(normalised(races.out().lines().toList(), in));
                assertThat(Cli.run("verify", out).exit()).as(what).isZero();
                assertThat(recordedNanos(out)).as(what + ": the clock").isEqualTo(recordedNanos(in));
                assertSameSegments(in, out, what, CliRecompressGrammarTest::eventsOnly);
            }
        }
        assertThat(traces.stream().filter(t -> t.getFileName().toString().contains("cdr") || t.getFileName().toString().startsWith("two"))
                .mapToInt(t -> {
                    try {
                        return Traces.chunks(t).size();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }).max().orElse(0)).as("a CDR input with several chunks to merge").isGreaterThan(1);
        Cli bad = Cli.run("recompress", traces.get(0).toString(), "-o", dir.resolve("neg.wtrace").toString(), "--chunk-events", "-1");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--chunk-events");
    }

    private static void assertSameSegments(String original, String rebuilt, String what) throws Exception {
        assertSameSegments(original, rebuilt, what, CliRecompressGrammarTest::header);
    }

    /** {@code header} keeps the part of a segment's header line that must not change. */
    private static void assertSameSegments(String original, String rebuilt, String what, java.util.function.UnaryOperator<String> header)
            throws Exception {
        ParallelTrace trace = ParallelTrace.open(Path.of(original));
        for (int t = 0; t < trace.threads().size(); t++) {
            ThreadTrace tt = trace.thread(t);
            long ops = tt.syncCount();
            if (ops == 0) continue;
            long[][] ranges = {{0, 0}, {0, ops - 1}, {ops / 2, Math.min(ops - 1, ops / 2 + 1)}, {1 % ops, ops / 3}};
            for (long[] range : ranges) {
                if (range[1] < range[0]) continue;
                String[] args = {"segment", "", "--thread", Integer.toString(t), Long.toString(range[0]), Long.toString(range[1])};
                args[1] = original;
                List<String> a = out(args);
                args[1] = rebuilt;
                List<String> b = out(args);
                String w = what + " thread " + t + " ops " + range[0] + ".." + range[1];
                assertThat(b.subList(1, b.size())).as(w).isEqualTo(a.subList(1, a.size()));
                assertThat(header.apply(b.get(0))).as(w).isEqualTo(header.apply(a.get(0)));
            }
        }
    }

    /**
     * {@code record --grammar enhanced --window N}: the agent builds every grammar over windows while
     * recording; the trace verifies, and reads as the same trace rebuilt by SEQUITUR (dump,
     * segments, races, stats).
     */
    @Test
    void recordedWithAWindowedGrammar() throws Exception {
        assertRecordedAsWithSequitur("racy-windowed", "grammar=enhanced,window=64", "--grammar", "enhanced", "--window", "64");
        Cli bad = Cli.run("record", "-o", dir.resolve("never.wtrace").toString(), "--window", "64", "--", CliRecordTest.java(), "-version");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.errLines()).hasSize(1);
        assertThat(bad.err()).contains("--window needs --grammar enhanced");
    }

    /**
     * {@code record --grammar strata}: strata's builder takes the recorder's terminals (path and word
     * ids from 2^30, which it used to take as array indices and ran out of memory in the program);
     * the trace reads as the same trace rebuilt by SEQUITUR.
     */
    @Test
    void recordedWithTheStrataGrammar() throws Exception {
        assertRecordedAsWithSequitur("racy-strata", "grammar=strata", "--grammar", "strata");
    }

    /** Records the racy program with {@code grammarOptions}; the trace verifies and reads as the same trace rebuilt by SEQUITUR. */
    private void assertRecordedAsWithSequitur(String name, String agentOption, String... grammarOptions) throws Exception {
        Path trace = dir.resolve(name + ".wtrace");
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        List<String> cmd = new ArrayList<>(List.of(CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "record", "-o", trace.toString(), "--mode", "cdr", "--agent", agent.toString(), "--include", "wtdemo.*"));
        cmd.addAll(List.of(grammarOptions));
        cmd.addAll(List.of("--", CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), "wtdemo.RacyCounter"));
        CliRecordTest.Run run = CliRecordTest.run(cmd, "");
        assertThat(run.exit()).as(run.toString()).isZero();
        String in = trace.toString();
        assertThat(ParallelTrace.open(trace).properties().get("agent.options")).contains(agentOption);
        Path sequitur = dir.resolve(name + ".sequitur.wtrace");
        assertThat(Cli.run("recompress", in, "-o", sequitur.toString(), "--grammar", "sequitur").exit()).isZero();
        String back = sequitur.toString();
        assertThat(out("dump", back)).isEqualTo(out("dump", in));
        assertThat(Cli.run("verify", in).exit()).isZero();
        Cli races = Cli.run("races", in);
        assertThat(races.exit()).as(races.toString()).isZero();
        assertThat(normalised(races.out().lines().toList(), in)).isEqualTo(normalised(Cli.run("races", back).out().lines().toList(), back));
        assertThat(Cli.run("stats", in).err()).isEmpty();
        assertSameSegments(back, in, "recorded with " + agentOption);
    }

    /** Output without the file's name and the time taken, which differ between the two files. */
    private static List<String> normalised(List<String> lines, String file) {
        return lines.stream().map(l -> l.replace(file, "FILE").replaceAll("\\(\\d+\\.\\d+ s\\)", "(s)")).toList();
    }

    /** A segment's header up to its events: which chunks it spans is what merging changes. */
    private static String eventsOnly(String line) {
        int at = line.indexOf(" events); ");
        return at < 0 ? line : line.substring(0, at + " events);".length());
    }

    /** A segment's header without the grammar-specific name and size of its lowest common rule. */
    private static String header(String line) {
        int at = line.indexOf("lowest common rule");
        return at < 0 ? line : line.substring(0, at);
    }

    @Test
    void aGrammarFileIsRebuiltToo() throws Exception {
        Path raw = dir.resolve("loops.u32");
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * 60_000).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 60_000; i++) b.putInt(i % 7 == 0 ? (i / 7) % 5 : i % 3);
        Files.write(raw, b.array());
        Path wgr = dir.resolve("loops.wgr");
        assertThat(Cli.run("compress", raw.toString(), "--input", "u32", "-o", wgr.toString()).exit()).isZero();
        for (String[] grammar : GRAMMARS) {
            String algorithm = String.join("", grammar).replace("--window", "-w");
            Path direct = dir.resolve("loops.direct." + algorithm + ".wgr");
            List<String> args = new ArrayList<>(List.of("compress", raw.toString(), "--input", "u32", "-o", direct.toString(), "--grammar"));
            args.addAll(List.of(grammar));
            Cli c = Cli.run(args.toArray(String[]::new));
            assertThat(c.exit()).as(c.toString()).isZero();
            Path directBack = dir.resolve("loops.direct." + algorithm + ".u32");
            assertThat(Cli.run("expand", direct.toString(), "-o", directBack.toString()).exit()).isZero();
            assertThat(Files.readAllBytes(directBack)).isEqualTo(b.array());
            Path out = dir.resolve("loops." + algorithm + ".wgr");
            args = new ArrayList<>(List.of("recompress", wgr.toString(), "-o", out.toString(), "--grammar"));
            args.addAll(List.of(grammar));
            Cli r = Cli.run(args.toArray(String[]::new));
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(r.out()).contains("grammar " + label(grammar) + ": ");
            Path back = dir.resolve("loops." + algorithm + ".u32");
            assertThat(Cli.run("expand", out.toString(), "-o", back.toString()).exit()).isZero();
            assertThat(Files.readAllBytes(back)).isEqualTo(b.array());
        }
        Cli bad = Cli.run("recompress", wgr.toString(), "-o", dir.resolve("x.wgr").toString(), "--grammar", "lz78");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.errLines()).hasSize(1);
        assertThat(bad.err()).contains("enhanced").contains("repair");
    }
}
