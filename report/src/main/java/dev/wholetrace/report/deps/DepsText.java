package dev.wholetrace.report.deps;

import dev.wholetrace.analysis.deps.DependenceCounts;
import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.analysis.deps.EwppRecovery;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.report.RaceCounts;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;

/** {@code deps} as text: a line per edge, most frequent first within each load, then the totals. */
final class DepsText implements ReportWriter<DepsResult> {
    @Override
    public void write(DepsResult r, PrintWriter out) {
        out.printf("%s (%s): %d dependences on %d edges, recovered from the %s in %.1f ms%n", r.file(), r.mode(), r.total(), r.edgeCount(),
                r.method().equals("ewpp") ? "eWPP's check signatures" : r.method().equals("ewpp-counts") ? "eWPP's check signatures, counted per load"
                        : r.method().equals("ewpp-query") ? "eWPP's grammar, one load's instances" : "address trace", r.recoveryNanos() / 1e6);
        r.byOrigin().forEach((o, n) -> out.printf("  %-13s %,d%n", o.label(), n));
        if (r.byOrigin().containsKey(dev.wholetrace.analysis.deps.Origin.RACY)) {
            out.println("  " + RaceCounts.DEPS);
        }
        EwppRecovery.Stats s = r.signatures();
        if (s != null) {
            out.printf("signatures: %,d loads: %,d no-cost (OK), %,d last instance, %,d binary searches (%,d steps), %,d other-thread, %,d no writer; "
                    + "%,d explicit records (not seen in the filtering phase), %,d of evicted instances (bounded buffers)%n", s.loads(), s.noCost(),
                    s.lastInstance(), s.searched(), s.searchSteps(), s.crossThread(), s.noWriter(), s.explicit(), s.evicted());
        }
        out.println();
        if (r.topOnly()) out.printf("the %d edges with the most dependences, the most first (--top; every edge: without it)%n", r.edges().size());
        out.printf("%10s  %-13s %-28s %-8s %-45s %-8s %s%n", "count", "origin", "variable", "store", "", "load", "");
        for (DepsResult.EdgeRow e : r.edges()) {
            out.printf("%,10d  %-13s %-28s %-8s %-45s %-8s %s%n", e.count(), e.origin().label(), shorten(e.variable(), 28),
                    e.store() < 0 ? "-" : "S" + e.store(), where(e.storeCode()), "L" + e.load(), where(e.loadCode()));
        }
        if (!r.instances().isEmpty()) {
            out.println();
            out.println("instances (thread:position of the load ← thread:position of the store):");
            for (DependenceCounts.Instance i : r.instances()) {
                out.printf("  L%d %d:%d <- %s%n", i.edge().load(), i.thread(), i.position(),
                        i.writerThread() < 0 ? "no writer" : "S" + i.edge().store() + " " + i.writerThread() + ":" + i.writerPosition());
            }
        }
        if (!r.chains().isEmpty()) {
            out.println();
            out.println("chains (load <- store <- load that fed it <- ...), by frequency:");
            for (DepsResult.Chain c : r.chains()) {
                StringBuilder b = new StringBuilder();
                for (int k = 0; k < c.instructions().size(); k++) b.append(k == 0 ? "" : " <- ").append(k % 2 == 0 ? "L" : "S").append(c.instructions().get(k));
                out.printf("%,10d  %s%n", c.frequency(), b);
            }
        }
        out.flush();
    }

    private static String where(CodeEntry c) {
        return c == null ? "" : shorten(c.where(), 45);
    }

    /** The last {@code width} characters of {@code s}, marked with "…" when cut. */
    private static String shorten(String s, int width) {
        return s.length() > width ? "…" + s.substring(s.length() - width + 1) : s;
    }
}
