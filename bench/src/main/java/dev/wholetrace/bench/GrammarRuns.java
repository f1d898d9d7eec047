package dev.wholetrace.bench;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.BufferedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One trace of {@code bench grammars}: every grammar algorithm builds the trace's grammar
 * ({@code reps} timed builds, the median kept, the expansion checked once), and every
 * general-purpose tool compresses the same symbols as u32 little-endian values, one process at
 * a time under GNU time for its peak RSS.
 */
final class GrammarRuns {
    /** The general-purpose tools, as run: label, command. */
    static final String[][] TOOLS = {
            {"gzip -9", "gzip"}, {"bzip2 -9", "bzip2"}, {"xz -9", "xz"}, {"zstd -19", "zstd"}};
    /** The grammar algorithms, as measured: the named ones, then enhanced over windows of 2^16 .. 2^22 symbols (issue 17). */
    static final GrammarAlgorithm[] ALGORITHMS = {GrammarAlgorithm.SEQUITUR, GrammarAlgorithm.ENHANCED, GrammarAlgorithm.REPAIR,
            GrammarAlgorithm.STRATA, GrammarAlgorithm.ENHANCED.withWindow(1 << 16), GrammarAlgorithm.ENHANCED.withWindow(1 << 18),
            GrammarAlgorithm.ENHANCED.withWindow(1 << 20), GrammarAlgorithm.ENHANCED.withWindow(1 << 22)};
    /** The algorithms whose coded bytes are broken down per part ({@link GrammarBreakdown}). */
    static final List<GrammarAlgorithm> BROKEN_DOWN = List.of(GrammarAlgorithm.SEQUITUR, GrammarAlgorithm.ENHANCED, GrammarAlgorithm.REPAIR);
    private static final String[][] ARGS = {{"-9", "-c"}, {"-9", "-c"}, {"-9", "-c", "-T1"}, {"-19", "-c", "-q", "-T1"}};

    /**
     * The building thread's CPU time: on the shared machine the wall time of a build is mostly
     * waiting for a core (load averages of 15 to 36 on 2 cores), so the time target compares CPU
     * seconds. The JVM's GC threads are not counted (the same for every algorithm: they all build
     * into primitive arrays).
     */
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    private final Path work;
    private final int reps;
    private final Log log;

    GrammarRuns(Path work, int reps, Log log) {
        this.work = work;
        this.reps = reps;
        this.log = log;
    }

    GrammarsReport.Row measure(String name, String description, int[] symbols) throws Exception {
        long lzStart = System.nanoTime();
        GrammarsReport.Row row = new GrammarsReport.Row(name, description, symbols.length, distinct(symbols), LzPhrases.count(symbols));
        log.info("%s: %,d symbols, %,d distinct, %,d LZ77 phrases (%.1f s)", name, symbols.length, row.distinct, row.lzPhrases,
                (System.nanoTime() - lzStart) / 1e9);
        for (GrammarAlgorithm a : ALGORITHMS) {
            double[] seconds = new double[reps];
            double[] cpu = new double[reps];
            Grammar g = null;
            long peak = 0;
            for (int r = 0; r < reps; r++) {
                g = null;
                System.gc();
                long c0 = CPU.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                GrammarBuilder b = a.newBuilder(1 << 12);
                b.append(symbols, 0, symbols.length);
                g = b.toGrammar();
                seconds[r] = (System.nanoTime() - t0) / 1e9;
                cpu[r] = (CPU.getCurrentThreadCpuTime() - c0) / 1e9;
                peak = b.peakFootprintBytes();
            }
            if (!Arrays.equals(g.expand(), symbols)) throw new IllegalStateException(a.label() + " does not expand to " + name);
            long bytes = packedBytes(g);
            Arrays.sort(seconds);
            Arrays.sort(cpu);
            GrammarsReport.Built built = new GrammarsReport.Built(bytes, seconds[seconds.length / 2], cpu[cpu.length / 2], peak, g.symbolCount(), g.ruleCount(),
                    g.bodyLength(0));
            row.grammars.put(a, built);
            if (BROKEN_DOWN.contains(a)) row.breakdowns.put(a, GrammarBreakdown.of(g));
            log.info("  %-15s %,9d B  %6.2f s (CPU %.2f s)  peak %,d B (%.1f B/symbol)  %,d symbols  %,d rules", a.label(), bytes, built.seconds(),
                    built.cpuSeconds(), peak,
                    peak / (double) symbols.length, g.symbolCount(), g.ruleCount());
        }
        Path raw = work.resolve(name + ".u32");
        writeU32(symbols, raw);
        try {
            for (int t = 0; t < TOOLS.length; t++) {
                GrammarsReport.Tool tool = run(t, raw);
                row.tools.put(TOOLS[t][0], tool);
                log.info("  %-9s %,9d B  %6.2f s  peak RSS %,d kB", TOOLS[t][0], tool.bytes(), tool.seconds(), tool.peakKb());
            }
        } finally {
            Files.deleteIfExists(raw);
        }
        return row;
    }

    /** A grammar's bytes as a trace stores it: its grammar block ({@link GrammarCodec}), packed with {@link Codec#BEST}. */
    static long packedBytes(Grammar g) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.write(g, w);
        return Codec.BEST.pack(w.toByteArray()).bytes().length;
    }

    /** Writes {@code symbols} to {@code raw} as u32 little-endian values (the general-purpose tools' input). */
    static void writeU32(int[] symbols, Path raw) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(raw), 1 << 16)) {
            byte[] b = new byte[4];
            for (int s : symbols) {
                b[0] = (byte) s;
                b[1] = (byte) (s >>> 8);
                b[2] = (byte) (s >>> 16);
                b[3] = (byte) (s >>> 24);
                out.write(b);
            }
        }
    }

    /** Runs tool {@code t} on {@code raw} under GNU time: compressed size, wall seconds, peak RSS. */
    private GrammarsReport.Tool run(int t, Path raw) throws IOException, InterruptedException {
        Path out = work.resolve(raw.getFileName() + ".out");
        Path times = work.resolve(raw.getFileName() + ".time");
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/time", "-f", "%e %M", "-o", times.toString(), TOOLS[t][1]));
        cmd.addAll(List.of(ARGS[t]));
        cmd.add(raw.toString());
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            int rc = p.waitFor();
            if (rc != 0) throw new IOException(String.join(" ", cmd) + " exited with " + rc);
            String[] f = Files.readString(times, StandardCharsets.US_ASCII).trim().split("\\s+");
            return new GrammarsReport.Tool(Files.size(out), Double.parseDouble(f[f.length - 2]), Long.parseLong(f[f.length - 1]));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(times);
        }
    }

    private static int distinct(int[] symbols) {
        int max = 0;
        for (int s : symbols) max = Math.max(max, s);
        java.util.BitSet seen = new java.util.BitSet(max + 1);
        for (int s : symbols) seen.set(s);
        return seen.cardinality();
    }
}
