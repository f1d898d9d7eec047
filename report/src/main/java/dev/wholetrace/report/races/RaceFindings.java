package dev.wholetrace.report.races;

import dev.wholetrace.analysis.race.RaceReport;
import java.util.List;

/**
 * What {@code races} prints: the report of the race detector and how it was run.
 *
 * @param file          the trace file as named on the command line
 * @param threadNames   the names of the trace's threads, by index
 * @param report        the findings, the detector's statistics and a note on artifact classification
 * @param seconds       the detector's run time
 * @param allInstances  whether every instance of each finding was asked for
 * @param classify      whether artifacts were to be classified (false with --no-artifacts)
 * @param suppressions  which findings the --suppress file suppressed, and its stale rules
 * @param sourceRoot    the directory (relative to where code-scanning tools resolve paths, usually the
 *                      repository root) that source paths are under in SARIF, or "" for none
 * @param toolVersion   this build's version, for SARIF's tool.driver.version
 */
public record RaceFindings(String file, List<String> threadNames, RaceReport report, double seconds, boolean allInstances,
                           boolean classify, RaceSuppressions.Applied suppressions, String sourceRoot, String toolVersion) {
    public RaceFindings {
        threadNames = List.copyOf(threadNames);
    }

    /** Findings as before suppressions and SARIF existed: nothing suppressed, no source root. */
    public RaceFindings(String file, List<String> threadNames, RaceReport report, double seconds, boolean allInstances, boolean classify) {
        this(file, threadNames, report, seconds, allInstances, classify, RaceSuppressions.none().apply(report), "", "development build");
    }

    /** Dynamic instances (racing access pairs) over all findings. */
    public long dynamicInstances() {
        long n = 0;
        for (RaceReport.Finding f : report.findings()) n += f.count();
        return n;
    }

    /** Whether some finding's count is a lower bound (RaceDetector passed over rows that only added to it). */
    public boolean someCountIsLowerBound() {
        for (RaceReport.Finding f : report.findings()) if (f.countIsLowerBound()) return true;
        return false;
    }

    /** Findings that are artifacts of an earlier race. */
    public int artifacts() {
        int n = 0;
        for (RaceReport.Finding f : report.findings()) if (f.artifactOf() != null) n++;
        return n;
    }

    /**
     * First races (not artifacts) that no suppression matched: what {@code --fail-on-race} fails on.
     * An artifact exists only because of its first race, so it never fails a build on its own.
     */
    public int unsuppressedFirstRaces() {
        int n = 0;
        for (int k = 0; k < report.findings().size(); k++) {
            if (report.findings().get(k).artifactOf() == null && !suppressions.isSuppressed(k)) n++;
        }
        return n;
    }

    /** The note on artifact classification, when it was asked for and is incomplete. */
    public String note() {
        return classify ? report.note() : null;
    }
}
