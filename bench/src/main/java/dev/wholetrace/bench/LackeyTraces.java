package dev.wholetrace.bench;

import dev.wholetrace.importers.InputFormat;
import dev.wholetrace.importers.TraceCompressor;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

/**
 * Real traces: valgrind's lackey tool on ordinary Debian programs, generated into the work
 * directory at bench time (and reused when already there). Program inputs are generated
 * deterministically, so only the libraries and the loader differ between machines.
 */
final class LackeyTraces {
    static final String VALGRIND = "/usr/bin/valgrind";

    /** One trace: {@code valgrind --tool=lackey <mode> <command>}. */
    record Spec(String name, InputFormat format, String description, List<String> command) {
        String fileName() {
            return name + (format == InputFormat.LACKEY_SB ? ".sb" : ".mem") + ".lackey";
        }
    }

    private LackeyTraces() {}

    static String python() {
        for (String p : new String[] {"/usr/bin/python3", "/usr/local/bin/python3"}) {
            if (new File(p).canExecute()) return p;
        }
        return null;
    }

    static List<Spec> specs(boolean quick, Path work) throws IOException {
        List<Spec> s = new ArrayList<>();
        String py = python();
        String pyProgram = "d = {}\n"
                + "for i in range(%d):\n"
                + "    k = (i * 7919) %% 1009\n"
                + "    d[k] = d.get(k, 0) + i * i\n"
                + "print(len(d), sum(d.values()) %% 1000003)\n";
        if (quick) {
            Path w = words(work, 4_000);
            Path l = lines(work, 1_000);
            s.add(new Spec("gzip-w4k", InputFormat.LACKEY_SB, "gzip -9 -c, 4 kB of generated text", List.of("gzip", "-9", "-c", w.toString())));
            s.add(new Spec("sort-l1k", InputFormat.LACKEY_SB, "sort (LC_ALL=C), 1000 generated lines", List.of("sort", l.toString())));
            s.add(new Spec("true", InputFormat.LACKEY_MEM, "true (dynamic loader and libc start-up only)", List.of("true")));
            return s;
        }
        // Sizes chosen for ~4-8 M superblocks and ~10 M memory records: the general-purpose
        // compressors (zstd -19 and xz -9 manage ~1 MB/s on lackey-mem data) set the budget.
        Path w54 = words(work, 54_000);
        Path w21 = words(work, 21_000);
        Path l20 = lines(work, 20_000);
        s.add(new Spec("gzip-w54k", InputFormat.LACKEY_SB, "gzip -9 -c, 54 kB of generated text", List.of("gzip", "-9", "-c", w54.toString())));
        s.add(new Spec("sort-l20k", InputFormat.LACKEY_SB, "sort (LC_ALL=C), 20000 generated lines", List.of("sort", l20.toString())));
        if (py != null) {
            s.add(new Spec("python3-dict", InputFormat.LACKEY_SB, "python3 -S -c '<dict update loop, 4000 iterations>'",
                    List.of(py, "-S", "-c", String.format(pyProgram, 4_000))));
        }
        s.add(new Spec("ls-lR-doc", InputFormat.LACKEY_SB, "ls -lR /usr/share/doc (input differs between machines)", List.of("ls", "-lR", "/usr/share/doc")));
        s.add(new Spec("gzip-w21k", InputFormat.LACKEY_MEM, "gzip -9 -c, 21 kB of generated text", List.of("gzip", "-9", "-c", w21.toString())));
        return s;
    }

    /**
     * The superblock traces ({@link InputFormat#LACKEY_SB}) of {@link #specs} whose name {@code filter}
     * finds (null: all), generated into {@code work} where missing ({@code bench grammars}, {@code bench strata}).
     */
    static List<Spec> superblockTraces(boolean quick, Path work, Pattern filter, Log log) throws Exception {
        List<Spec> out = new ArrayList<>();
        for (Spec s : specs(quick, work)) {
            if (s.format() == InputFormat.LACKEY_SB && (filter == null || filter.matcher(s.name()).find())) out.add(s);
        }
        if (!out.isEmpty()) generate(out, work, log);
        return out;
    }

    /** A superblock trace's superblocks as ids numbered in order of first appearance (as {@code compress} imports it). */
    static int[] superblockIds(Path file) throws IOException {
        return TraceCompressor.compressFile(file, InputFormat.LACKEY_SB, bytes -> { }).control().expand();
    }

    /** Tiny traces for JIT warm-up only. */
    static List<Spec> warmups(Path work) throws IOException {
        Path w = words(work, 2_000);
        return List.of(
                new Spec("warmup-gzip", InputFormat.LACKEY_SB, "warm-up", List.of("gzip", "-9", "-c", w.toString())),
                new Spec("warmup-gzip", InputFormat.LACKEY_MEM, "warm-up", List.of("gzip", "-9", "-c", w.toString())));
    }

    /** Generates the traces that are missing, two valgrind processes at a time. */
    static void generate(List<Spec> specs, Path work, Log log) throws Exception {
        List<Spec> missing = new ArrayList<>();
        for (Spec s : specs) if (!Files.isRegularFile(work.resolve(s.fileName()))) missing.add(s);
        if (missing.isEmpty()) return;
        if (!new File(VALGRIND).canExecute()) throw new IllegalStateException(VALGRIND + " not found: install valgrind to generate the lackey traces");
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Spec s : missing) done.add(pool.submit(() -> {
                run(s, work, log);
                return null;
            }));
            for (Future<?> f : done) f.get();
        } finally {
            pool.shutdownNow();
        }
    }

    private static void run(Spec s, Path work, Log log) throws IOException, InterruptedException {
        Path target = work.resolve(s.fileName());
        Path tmp = work.resolve(s.fileName() + ".tmp");
        List<String> cmd = new ArrayList<>();
        cmd.add(VALGRIND);
        cmd.add("--tool=lackey");
        cmd.add(s.format() == InputFormat.LACKEY_SB ? "--trace-superblocks=yes" : "--trace-mem=yes");
        cmd.add("--log-file=" + tmp);
        cmd.addAll(s.command());
        log.info("generating %s: %s", s.fileName(), String.join(" ", s.command()).replace('\n', ';'));
        long t0 = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).directory(work.toFile());
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        int rc = p.waitFor();
        if (!Files.isRegularFile(tmp) || Files.size(tmp) == 0) throw new IOException("valgrind wrote no trace for " + s.fileName() + " (exit " + rc + ")");
        if (rc != 0) log.info("  note: %s exited with %d (trace kept)", s.command().get(0), rc);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        log.info("  %s: %.1f MB in %.1f s", s.fileName(), Files.size(target) / 1e6, (System.nanoTime() - t0) / 1e9);
    }

    private static final String[] WORDS = ("the of and to in is that for it as was with be by on not he this are or his from at "
            + "which but have an they you were her she there been one all we their has would when if so no will more can "
            + "trace grammar rule symbol loop call return branch address memory thread lock value buffer record compress "
            + "stream block frame stack heap page cache line miss hit store load").split(" ");

    /** About {@code bytes} of Zipf-ish generated English-like text (fixed seed). */
    static Path words(Path work, int bytes) throws IOException {
        Path f = work.resolve("words-" + bytes + ".txt");
        if (Files.isRegularFile(f)) return f;
        long x = 42;
        StringBuilder sb = new StringBuilder(bytes + 64);
        int col = 0;
        while (sb.length() < bytes) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            double u = ((x >>> 11) + 1) / (double) (1L << 53);
            int i = (int) Math.min(WORDS.length - 1, Math.floor(Math.pow(u, 2.2) * WORDS.length));
            String w = WORDS[i];
            sb.append(w);
            col += w.length() + 1;
            if (col > 70) {
                sb.append('\n');
                col = 0;
            } else {
                sb.append(' ');
            }
        }
        write(f, sb.toString());
        return f;
    }

    /** {@code n} lines with pseudo-random numeric keys and a word (fixed seed), for sort. */
    static Path lines(Path work, int n) throws IOException {
        Path f = work.resolve("lines-" + n + ".txt");
        if (Files.isRegularFile(f)) return f;
        long x = 7;
        StringBuilder sb = new StringBuilder(n * 24);
        for (int k = 0; k < n; k++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            sb.append((x >>> 33) % 1_000_000).append(' ').append(WORDS[(int) ((x >>> 20) % WORDS.length)]).append(' ').append(k).append('\n');
        }
        write(f, sb.toString());
        return f;
    }

    private static void write(Path f, String text) throws IOException {
        Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
        try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
            w.write(text);
        }
        Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
