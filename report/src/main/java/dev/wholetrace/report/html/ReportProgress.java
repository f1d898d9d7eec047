package dev.wholetrace.report.html;

import dev.wholetrace.analysis.race.RaceProgress;

/**
 * Where the report is, for a progress line: after the trace is read, its sections take up to
 * minutes on a big trace (the race detector, hot paths, the grammar explorer), and a user saw
 * nothing all that time (session 45). Each section is announced as it starts; the race detector's
 * own phases come through {@link #at}.
 */
public interface ReportProgress extends RaceProgress {
    /** Reports nothing. */
    ReportProgress NONE = new ReportProgress() {
        @Override
        public void section(String name, int index, int count) {}

        @Override
        public void at(String phase, long done, long total) {}
    };

    /** Section {@code index} (from 1) of {@code count}, {@code name}, starts. */
    void section(String name, int index, int count);
}
