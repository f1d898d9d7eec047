package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace's reader holds what does not grow with its length (docs/reading-memory.md, "Pieces"):
 * traces of accesses at pseudo-random addresses ({@link ScaleTraces#randomAccesses}, addresses
 * whose differences never repeat) of 6 and of 24 chunks, read in JVMs of their own. Before format
 * version 3 every thread's address-run alphabet grew with the trace (one pair per access), and the
 * reader kept every piece's decoded grammars: the longer trace then needed well over 100 MB more.
 * Now each chunk's alphabets restart and the reader keeps only a byte-bounded cache of pieces: the
 * live heap after reading the longer trace is within a few MB (its sync order, ~8 bytes an
 * operation) of the shorter one's, {@code stats} of the longer one fits {@value #SMALL_HEAP}, and a
 * sequential pass decodes each piece at most once.
 */
class BoundedPiecesTest {
    static final String SMALL_HEAP = "48m";
    static final int THREADS = 2;
    static final long CHUNK_ACCESSES = 160_000;

    @TempDir
    static Path dir;
    static Path shorter;
    static Path longer;

    @BeforeAll
    static void record() throws Exception {
        shorter = dir.resolve("random6.wtrace");
        longer = dir.resolve("random24.wtrace");
        ScaleTraces.randomAccesses(shorter, 6 * CHUNK_ACCESSES, THREADS, CHUNK_ACCESSES);
        ScaleTraces.randomAccesses(longer, 24 * CHUNK_ACCESSES, THREADS, CHUNK_ACCESSES);
    }

    @Test
    void liveHeapDoesNotGrowWithTheChunkCount() throws Exception {
        Probe a = Probe.run(shorter);
        Probe b = Probe.run(longer);
        assertThat(b.pieces).isGreaterThanOrEqualTo(4 * a.pieces - 2 * THREADS);
        assertThat(b.events).isGreaterThan(3 * a.events);
        // the sync order grows (2 operations per 16 accesses, ~8 bytes each: ~0.3 MB here); the grammars and alphabets must not
        assertThat(b.live).as("live heap after reading %d pieces vs %d pieces", b.pieces, a.pieces).isLessThan(a.live + (12L << 20));
    }

    @Test
    void aSequentialPassDecodesEachPieceAtMostOnce() throws Exception {
        Probe b = Probe.run(longer);
        assertThat(b.decodes).isLessThanOrEqualTo(b.pieces);
    }

    @Test
    void statsOfTheLongerTraceFitsASmallHeap() throws Exception {
        ScaleReadingTest.Run r = ScaleReadingTest.Run.cli(dir, SMALL_HEAP, "stats", longer.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("chunks\\s+2[45]\\b");
    }

    /** What {@link PieceMemoryProbe} printed. */
    record Probe(long live, long decodes, long pieces, long events) {
        private static final Pattern LINE = Pattern.compile("live=(\\d+) decodes=(\\d+) pieces=(\\d+) events=(\\d+)");

        static Probe run(Path trace) throws Exception {
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx" + SMALL_HEAP, "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                    PieceMemoryProbe.class.getName(), trace.toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + cmd);
            }
            assertThat(p.exitValue()).as(out).isZero();
            Matcher m = LINE.matcher(out);
            assertThat(m.find()).as(out).isTrue();
            return new Probe(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4)));
        }
    }
}
