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
 */
public record RaceFindings(String file, List<String> threadNames, RaceReport report, double seconds, boolean allInstances,
                           boolean classify) {
    public RaceFindings {
        threadNames = List.copyOf(threadNames);
    }

    /** Dynamic instances (racing access pairs) over all findings. */
    public long dynamicInstances() {
        long n = 0;
        for (RaceReport.Finding f : report.findings()) n += f.count();
        return n;
    }

    /** Findings that are artifacts of an earlier race. */
    public int artifacts() {
        int n = 0;
        for (RaceReport.Finding f : report.findings()) if (f.artifactOf() != null) n++;
        return n;
    }

    /** The note on artifact classification, when it was asked for and is incomplete. */
    public String note() {
        return classify ? report.note() : null;
    }
}
