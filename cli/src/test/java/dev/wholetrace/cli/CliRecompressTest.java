package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wholetrace recompress}: the same trace, an unfinished input stays unfinished, and the files it refuses to replace. */
class CliRecompressTest {
    @TempDir
    static Path dir;

    static Path trace;

    @BeforeAll
    static void record() throws Exception {
        trace = Traces.twoThreads(dir.resolve("two.wtrace"), TraceMode.CDR);
    }

    @Test
    void theOutputReadsAsTheInput() throws Exception {
        Path out = dir.resolve("best.wtrace");
        Cli r = Cli.run("recompress", trace.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("3 chunks").contains("complete");
        assertThat(Cli.run("dump", out.toString()).out()).isEqualTo(Cli.run("dump", trace.toString()).out());
        assertThat(Cli.run("stats", out.toString()).err()).isEmpty();
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

    /**
     * A trace already re-packed (as record leaves it) comes out the same bytes: the summary says so
     * and that the output can go, instead of only "100.000% of the input" (session 45); a re-pack
     * that changed the file does not say it.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aReRepackThatChangesNothingSaysSo() throws Exception {
        Path once = dir.resolve("once.wtrace"), twice = dir.resolve("twice.wtrace");
        Cli first = Cli.run("recompress", trace.toString(), "-o", once.toString());
        assertThat(first.exit()).as(first.toString()).isZero();
        assertThat(Files.mismatch(trace, once)).as("the recorder's fast codec gave way to the strongest").isNotEqualTo(-1L);
        assertThat(first.out()).doesNotContain("the same bytes as the input");
        Cli second = Cli.run("recompress", once.toString(), "-o", twice.toString());
        assertThat(second.exit()).as(second.toString()).isZero();
        assertThat(Files.mismatch(once, twice)).isEqualTo(-1L);
        assertThat(second.out()).contains("the same bytes as the input: it was packed this way already",
                "so " + twice + " can be deleted; --grammar, --addresses or --chunk-events change a trace further");
        java.util.Map<String, Object> json = (java.util.Map<String, Object>) JsonText.parse(
                Cli.run("recompress", once.toString(), "-o", twice.toString(), "--force", "--format", "json").out());
        assertThat(json.get("identicalToInput")).isEqualTo(true);
        assertThat(((java.util.Map<String, Object>) JsonText.parse(Cli.run("recompress", trace.toString(), "-o", twice.toString(), "--force",
                "--format", "json").out())).get("identicalToInput")).isEqualTo(false);
    }

    @Test
    void anUnfinishedInputStaysUnfinishedWithoutItsPartialTail() throws Exception {
        byte[] bytes = Files.readAllBytes(trace);
        Path cut = dir.resolve("cut.wtrace");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length - 40)); // END and the tail of the last chunk gone
        Path out = dir.resolve("cut.best.wtrace");
        Cli r = Cli.run("recompress", cut.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("2 chunks").contains("unfinished recording");
        Cli stats = Cli.run("stats", out.toString());
        assertThat(stats.exit()).as(stats.toString()).isZero();
        assertThat(stats.out()).contains("chunks      2");
        assertThat(stats.err()).as("still an unfinished recording, without a partial tail")
                .contains("is incomplete").contains("2 complete chunks").contains("(0 trailing bytes ignored)");
    }

    @Test
    void refusesToReplaceItsInputADirectoryOrAnExistingFileWithoutForce() throws Exception {
        Path existing = dir.resolve("existing.wtrace");
        Files.writeString(existing, "keep me");
        for (String[] args : new String[][] {
                {"recompress", trace.toString(), "-o", trace.toString()},
                {"recompress", trace.toString(), "-o", dir.toString()},
                {"recompress", trace.toString(), "-o", existing.toString()},
                {"recompress", trace.toString(), "-o", dir.resolve("no/such/dir/x.wtrace").toString()}}) {
            Cli r = Cli.run(args);
            assertThat(r.exit()).as(r.toString()).isEqualTo(2);
            assertThat(r.errLines()).as(r.toString()).hasSize(1);
        }
        assertThat(Files.readString(existing)).isEqualTo("keep me");
        Cli forced = Cli.run("recompress", trace.toString(), "-o", existing.toString(), "--force");
        assertThat(forced.exit()).as(forced.toString()).isZero();
        assertThat(Cli.run("stats", existing.toString()).exit()).isZero();
    }

    @Test
    void aDamagedInputIsOneLineAndNoOutput() throws Exception {
        Path bad = dir.resolve("bad.wtrace");
        Files.writeString(bad, "not a trace at all");
        Path out = dir.resolve("bad.best.wtrace");
        Cli r = Cli.run("recompress", bad.toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1);
        assertThat(out).doesNotExist();
    }
}
