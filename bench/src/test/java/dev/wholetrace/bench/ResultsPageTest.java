package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A benchmark run replaces its page's generated tables and keeps the hand-written sessions below them. */
class ResultsPageTest {
    @TempDir
    Path dir;

    @Test
    void aRunKeepsTheHandWrittenSectionsAndReplacesTheTables() throws Exception {
        Path page = dir.resolve("strata.md");
        Files.writeString(page, "# Strata\n\n| old | table |\n\n## Session 44 (written by hand)\n\nnotes\n\n## Session 45\n\nmore\n");
        ResultsPage.write(page, "# Strata\n\n| new | table |\n");
        assertThat(Files.readString(page)).isEqualTo("# Strata\n\n| new | table |\n\n## Session 44 (written by hand)\n\nnotes\n\n## Session 45\n\nmore\n");
    }

    @Test
    void aNewPageOrOneWithoutSessionsIsTheGeneratedTextAlone() throws Exception {
        Path page = dir.resolve("new.md");
        ResultsPage.write(page, "# New\n");
        assertThat(Files.readString(page)).isEqualTo("# New\n");
        ResultsPage.write(page, "# Newer\n");
        assertThat(Files.readString(page)).isEqualTo("# Newer\n");
    }

    @Test
    void onlyAHeadingAtTheStartOfALineStartsTheHandWrittenPart() {
        assertThat(ResultsPage.handWritten("text mentions ## Session 3 inline\n## Sessions table\n## Session 3\nx\n")).isEqualTo("## Session 3\nx\n");
        assertThat(ResultsPage.handWritten("## Session 1\nall hand\n")).isEqualTo("## Session 1\nall hand\n");
        assertThat(ResultsPage.handWritten("no sessions\n")).isEmpty();
    }
}
