package dev.wholetrace.report.strata;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.strata.StrataResult.Block;
import dev.wholetrace.analysis.strata.StrataResult.HotPath;
import dev.wholetrace.model.event.CodeEntry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The "in" line of a hot path: every method in full for JSON and HTML, the first few in text. */
class PathTextTest {
    /** A path through {@code methods} methods, two blocks each on lines 10 and 12. */
    private static HotPath through(int methods) {
        List<Block> code = new ArrayList<>();
        for (int m = 0; m < methods; m++) {
            for (int line : new int[] {10, 12}) {
                int id = code.size();
                code.add(new Block(id, new CodeEntry(id, "pkg.C" + m, "run", "()V", line, line, "NOP")));
            }
        }
        return new HotPath(1, 1, 1, 1, code.size(), code.size(), 1.0, code, null);
    }

    @Test
    void namesEveryMethodWithItsLines() {
        assertThat(PathText.where(through(2))).isEqualTo("pkg.C0.run lines 10-12, pkg.C1.run lines 10-12");
    }

    @Test
    void textNamesTheFirstMethodsAndCountsTheRest() {
        String where = PathText.where(through(70), PathText.MAX_METHODS);
        assertThat(where).startsWith("pkg.C0.run lines 10-12, ").contains("pkg.C5.run").doesNotContain("pkg.C6.")
                .endsWith(", … 64 more methods");
        assertThat(PathText.where(through(PathText.MAX_METHODS), PathText.MAX_METHODS)).doesNotContain("more methods");
    }
}
