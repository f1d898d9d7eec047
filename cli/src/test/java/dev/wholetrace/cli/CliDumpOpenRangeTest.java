package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dump --thread} with one bound only (to the thread's end, from its start) and
 * {@code --view dor} on an ALL trace: each must equal the matching slice of the full dump.
 */
class CliDumpOpenRangeTest {
    @TempDir
    static Path dir;

    static String cdr;
    static String all;
    static String dor;

    @BeforeAll
    static void record() throws Exception {
        cdr = Traces.twoThreads(dir.resolve("two-cdr.wtrace"), TraceMode.CDR).toString();
        all = Traces.twoThreads(dir.resolve("two-all.wtrace"), TraceMode.ALL).toString();
        dor = Traces.twoThreads(dir.resolve("two-dor.wtrace"), TraceMode.DOR).toString();
    }

    static List<String> lines(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        return r.out().lines().toList();
    }

    /** Index of the line that shows the thread's sync operation {@code op}. */
    static int lineOfOp(List<String> lines, int op) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).matches(".* op " + op + " .*")) return i;
        throw new AssertionError("no line for op " + op);
    }

    @Test
    void fromAnOperationToTheThreadsEnd() {
        List<String> full = lines("dump", cdr, "--thread", "1");
        List<String> tail = lines("dump", cdr, "--thread", "1", "--sync-from", "5");
        assertThat(tail).isEqualTo(full.subList(lineOfOp(full, 5), full.size()));
        assertThat(tail.get(tail.size() - 1)).contains("end");
    }

    @Test
    void fromTheThreadsStartToAnOperation() {
        List<String> full = lines("dump", cdr, "--thread", "1");
        List<String> head = lines("dump", cdr, "--thread", "1", "--sync-to", "4");
        assertThat(head).isEqualTo(full.subList(0, lineOfOp(full, 4) + 1));
    }

    @Test
    void dorViewOfAnAllTraceEqualsTheDorTrace() {
        assertThat(lines("dump", all, "--thread", "1", "--view", "dor")).isEqualTo(lines("dump", dor, "--thread", "1"));
        assertThat(lines("segment", all, "--thread", "1", "3", "6", "--view", "dor"))
                .isEqualTo(lines("segment", dor, "--thread", "1", "3", "6"));
    }

    @Test
    void dorViewNeedsAnAllTrace() {
        Cli r = Cli.run("dump", cdr, "--thread", "1", "--view", "dor");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines()).singleElement().asString().contains("mode all");
    }
}
