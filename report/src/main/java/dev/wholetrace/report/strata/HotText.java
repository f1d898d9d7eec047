package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.analysis.strata.StrataResult.Level;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.Locale;

/** {@code hot} as text: the paths' figures, then the hottest paths with their code. */
final class HotText implements ReportWriter<StrataReport> {
    @Override
    public void write(StrataReport report, PrintWriter out) {
        StrataResult r = report.result();
        Level paths = r.paths();
        out.printf(Locale.ROOT, "file     %s (%s)%n", Text.oneLine(report.file()), r.mode());
        out.printf(Locale.ROOT, "threads  %s%n", StrataText.threads(r));
        out.printf(Locale.ROOT, "blocks   %d executed%n", r.blocks());
        out.printf(Locale.ROOT, "paths    %d distinct, %d executions (%s runs), mean length %.2f blocks%n", paths.unique(), paths.executions(),
                Units.count(paths.runs()), paths.meanLength());
        out.println();
        if (r.hottest().isEmpty()) {
            out.println("no paths: the threads executed no blocks");
            return;
        }
        out.printf(Locale.ROOT, "the %d hottest paths by executions × length (share of all blocks executed):%n", r.hottest().size());
        for (int i = 0; i < r.hottest().size(); i++) {
            out.println();
            PathText.write(i + 1, r.hottest().get(i), out);
        }
    }
}
