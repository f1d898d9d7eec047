package dev.wholetrace.report.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceLocation;
import dev.wholetrace.analysis.race.RaceReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class RacesSarifTest {
    static final RaceLocation CELLS = new RaceLocation(RaceLocation.Kind.ARRAY_ELEMENT, null, "int", 4, "Grid.cells");

    static RaceReport.Side side(String method, int line, int bci, String access, String target) {
        return new RaceReport.Side(bci, "app.Grid", method, "()V", line, bci, access, target, "Grid.java", CELLS);
    }

    static RaceReport.Finding finding(RaceReport.Side a, RaceReport.Side b) {
        return new RaceReport.Finding(a, b, 1, new Race.Instance(1, 1, 2, 1, 0, 1), List.of(), null);
    }

    @Test
    void pathsAreRelativeUrisUnderTheSourceRoot() {
        assertThat(RacesSarif.uri("", "app/Grid.java")).isEqualTo("app/Grid.java");
        assertThat(RacesSarif.uri("./src/main/java/", "app/Grid.java")).isEqualTo("src/main/java/app/Grid.java");
        assertThat(RacesSarif.uri("my app\\src", "app/Grid.java")).isEqualTo("my%20app/src/app/Grid.java");
    }

    @Test
    void fingerprintsIgnoreLinesBytecodeIndicesArrayIndicesAndTheOrderOfTheSides() {
        String one = RacesSarif.fingerprint("race/read-write", finding(side("fill", 10, 4, "write", "Grid.cells:int[][6]"),
                side("sum", 20, 8, "read", "Grid.cells:int[][6]")));
        String moved = RacesSarif.fingerprint("race/read-write", finding(side("sum", 25, 12, "read", "Grid.cells:int[][9]"),
                side("fill", 14, 7, "write", "Grid.cells:int[][9]")));
        assertThat(moved).isEqualTo(one).hasSize(32);
        assertThat(RacesSarif.fingerprint("race/read-write", finding(side("fill", 10, 4, "write", "x"), side("total", 20, 8, "read", "x"))))
                .isNotEqualTo(one);
        assertThat(RacesSarif.fingerprint("race/write-write", finding(side("fill", 10, 4, "write", "x"), side("sum", 20, 8, "read", "x"))))
                .isNotEqualTo(one);
    }

    @Test
    void bracketsInMessagesAreEscapedSoTheyDoNotReadAsLinks() {
        assertThat(RacesSarif.escape("element [6] of the int[] in a\\b")).isEqualTo("element \\[6\\] of the int\\[\\] in a\\\\b");
    }
}
