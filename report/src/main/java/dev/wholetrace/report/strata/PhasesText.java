package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.PhaseResult;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;
import java.util.Locale;

/** {@code phases} as text: per thread its phases, each with its event range, the dump command that shows it and its hot paths. */
final class PhasesText implements ReportWriter<PhaseResult> {
    @Override
    public void write(PhaseResult r, PrintWriter out) {
        out.printf(Locale.ROOT, "%s (%s): phases where a thread's hot path set changes (Jaccard < %.2f between windows)%n", r.file(), r.mode(), r.threshold());
        for (PhaseResult.ThreadPhases t : r.threads()) {
            out.printf(Locale.ROOT, "%nthread %d (%s): %d events, %d blocks, %d phase%s (windows of %d blocks)%n", t.thread(), t.name(), t.events(),
                    t.blocks(), t.phases().size(), t.phases().size() == 1 ? "" : "s", t.window());
            for (PhaseResult.Phase p : t.phases()) {
                out.printf(Locale.ROOT, "  phase %d  events %d..%d (%d blocks)  dump --thread %d%s%s%n", p.index(), p.firstEvent(), p.lastEvent(), p.blocks(),
                        t.thread(), p.syncFrom() >= 0 ? " --sync-from " + p.syncFrom() : "", p.syncTo() >= 0 ? " --sync-to " + p.syncTo() : "");
                for (PhaseResult.HotPath h : p.hot()) {
                    out.printf(Locale.ROOT, "    %5.1f%%  P%d  %d block%s from %s%n", 100 * h.share(), h.id(), h.length(), h.length() == 1 ? "" : "s", h.where());
                }
            }
        }
        out.flush();
    }
}
