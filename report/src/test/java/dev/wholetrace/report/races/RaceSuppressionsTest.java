package dev.wholetrace.report.races;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.RaceLocation;
import dev.wholetrace.analysis.race.RaceReport;
import java.util.List;
import org.junit.jupiter.api.Test;

class RaceSuppressionsTest {
    static final RaceLocation FIELD = new RaceLocation(RaceLocation.Kind.STATIC_FIELD, "Stats.hits", null, 0, null);

    static RaceReport.Side side(String cls, String method, int line, String access) {
        return new RaceReport.Side(0, cls, method, "()V", line, 3, access, "Stats.hits", "Stats.java", FIELD);
    }

    static RaceReport report(RaceReport.Finding... findings) {
        return new RaceReport(List.of(findings), new RaceDetector.Stats(0, 0, 0, 0, 0), null);
    }

    static RaceReport.Finding finding(RaceReport.Side a, RaceReport.Side b, Integer artifactOf) {
        return new RaceReport.Finding(a, b, 1, new Race.Instance(1, 1, 2, 1, 0, 1), List.of(), artifactOf);
    }

    static final RaceReport.Finding HIT_REPORT = finding(side("app.Stats", "hit", 42, "write"), side("app.Stats", "report", 57, "read"), null);
    static final RaceReport.Finding INNER = finding(side("app.Cache$Entry", "get", 10, "read"), side("app.Cache$Entry", "put", 20, "write"), null);

    @Test
    void matchesEitherOrderSimpleOrQualifiedNamesGlobsAndAnyLine() {
        RaceReport r = report(HIT_REPORT, INNER);
        for (String rule : List.of("Stats.hit:42 <-> Stats.report:57", "Stats.report:57 <-> Stats.hit:42", "app.Stats.hit <-> app.Stats.report:5?",
                "*.hit:* <-> *.report", "Stats.hit:42<->Stats.report:57   # trailing comment")) {
            RaceSuppressions.Applied a = RaceSuppressions.parse("k.txt", List.of("# known", "", rule)).apply(r);
            assertThat(a.suppressedBy()).as(rule).containsExactly("k.txt:3", null);
            assertThat(a.stale()).as(rule).isEmpty();
        }
        assertThat(RaceSuppressions.parse("k", List.of("Cache$Entry.get <-> Cache$Entry.put")).apply(r).suppressedBy()).containsExactly(null, "k:1");
    }

    @Test
    void aRuleThatMatchesNothingIsStaleAndNothingIsSuppressed() {
        RaceSuppressions.Applied a = RaceSuppressions.parse("k", List.of("Stats.hit:43 <-> Stats.report:57", "Stats.hit <-> Stats.hit")).apply(report(HIT_REPORT));
        assertThat(a.count()).isZero();
        assertThat(a.stale()).extracting(RaceSuppressions.Rule::where).containsExactly("k:1", "k:2");
    }

    @Test
    void theFirstMatchingRuleNamesTheSuppressionAndLaterOnesAreNotStale() {
        RaceSuppressions.Applied a = RaceSuppressions.parse("k", List.of("*.hit <-> *.report", "Stats.hit:42 <-> Stats.report:57")).apply(report(HIT_REPORT));
        assertThat(a.suppressedBy()).containsExactly("k:1");
        assertThat(a.stale()).isEmpty();
    }

    @Test
    void malformedLinesAreOneLineErrorsNamingFileAndLine() {
        for (String bad : List.of("Stats.hit:42", "Stats.hit:42 <-> ", "Stats.hit:42 <-> Stats.report:57 <-> X.y", "hit <-> report",
                "Stats.hit:4x <-> Stats.report", "Stats.hit 42 <-> Stats.report", ".hit <-> Stats.report")) {
            assertThatThrownBy(() -> RaceSuppressions.parse("k.txt", List.of("# ok", bad))).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("k.txt:2: expected 'Class.method:line <-> Class.method:line'").hasMessageNotContaining("\n");
        }
    }

    @Test
    void aFileMayStateItsVersionAndAnotherVersionIsRefused() {
        assertThat(RaceSuppressions.parse("k", List.of("%version 1", "Stats.hit <-> Stats.report")).rules()).hasSize(1);
        assertThatThrownBy(() -> RaceSuppressions.parse("k", List.of("# new", "%version 2"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("k:2: this wholetrace reads suppression files of version 1, not '%version 2'");
    }

    @Test
    void onlyUnsuppressedFirstRacesFail() {
        RaceReport.Finding artifact = finding(side("app.Stats", "a", 1, "read"), side("app.Stats", "b", 2, "write"), 0);
        RaceReport r = report(HIT_REPORT, artifact);
        RaceFindings plain = new RaceFindings("t", List.of("main", "a", "b"), r, 0, false, true);
        assertThat(plain.unsuppressedFirstRaces()).isEqualTo(1);
        RaceFindings suppressed = new RaceFindings("t", List.of("main", "a", "b"), r, 0, false, true,
                RaceSuppressions.parse("k", List.of("Stats.hit <-> Stats.report")).apply(r), "", "1");
        assertThat(suppressed.unsuppressedFirstRaces()).isZero();
    }
}
