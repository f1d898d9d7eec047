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
        // a line per edge as "%,10d  %-13s %-28s %-8s %-45s %-8s %s%n" prints it, built by hand: printf looks the
        // locale's number symbols up again for every %,d, which was most of a fresh JVM's output (session 47)
        GroupedNumbers numbers = new GroupedNumbers();
        StringBuilder line = new StringBuilder(160);
        for (DepsResult.EdgeRow e : r.edges()) {
            line.setLength(0);
            pad(line, numbers.format(e.count()), 10, true).append("  ");
            pad(line, e.origin().label(), 13, false).append(' ');
            pad(line, shorten(e.variable(), 28), 28, false).append(' ');
            pad(line, e.store() < 0 ? "-" : "S" + e.store(), 8, false).append(' ');
            pad(line, where(e.storeCode()), 45, false).append(' ');
            pad(line, "L" + e.load(), 8, false).append(' ').append(where(e.loadCode()));
            out.println(line);
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

    /** {@code s} padded with spaces to {@code width}, on the left ({@code right}-aligned) or the right, as %Ns and %-Ns do. */
    private static StringBuilder pad(StringBuilder b, String s, int width, boolean right) {
        if (!right) b.append(s);
        for (int i = s.length(); i < width; i++) b.append(' ');
        return right ? b.append(s) : b;
    }

    private static String where(CodeEntry c) {
        return c == null ? "" : shorten(c.where(), 45);
    }

    /** The last {@code width} characters of {@code s}, marked with "…" when cut. */
    private static String shorten(String s, int width) {
        return s.length() > width ? "…" + s.substring(s.length() - width + 1) : s;
    }
}
