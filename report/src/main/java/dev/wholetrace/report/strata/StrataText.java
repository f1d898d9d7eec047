package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.StrataResult;
import dev.wholetrace.analysis.strata.StrataResult.Level;
import dev.wholetrace.analysis.strata.StrataResult.Run;
import dev.wholetrace.analysis.strata.StrataResult.ThreadRow;
import dev.wholetrace.analysis.strata.StrataResult.UniqueStratum;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.report.TextTable;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code strata} as text: the six outputs of the strata paper's §III.D — path and strata statistics
 * in one table (a row per level), the hottest paths with their code (path details), the most
 * executed unique strata of the layer shown, and its temporal strata per thread.
 */
final class StrataText implements dev.wholetrace.report.ReportWriter<StrataReport> {
    /** Elements of one stratum printed in text, and runs of one thread's temporal strata printed on one line. */
    static final int MAX_ELEMENTS = 24;

    @Override
    public void write(StrataReport report, PrintWriter out) {
        StrataResult r = report.result();
        var o = r.options();
        out.printf(Locale.ROOT, "file     %s (%s)%n", Text.oneLine(report.file()), r.mode());
        out.printf(Locale.ROOT, "threads  %s%n", threads(r));
        out.printf(Locale.ROOT, "blocks   %d executed (as 4-byte block ids: %s)%n", r.blocks(), Units.bytes(4 * r.blocks()));
        if (report.stored()) {
            out.println("stored   read from the trace's STRATA_OUTPUTS section" + (r.timed() ? "; the time is that of computing it when the trace was re-packed" : ""));
        }
        if (r.timed()) {
            out.printf(Locale.ROOT, "time     %.2f s, %s blocks/s; CPU %s (expanding the WPPs and building %d layer%s%s)%n", r.nanos() / 1e9,
                    Units.count((long) r.blocksPerSecond()), r.cpuNanos() < 0 ? "not measured" : String.format(Locale.ROOT, "%.2f s, %s blocks/s",
                            r.cpuNanos() / 1e9, Units.count((long) r.blocksPerCpuSecond())),
                    o.layers(), o.layers() == 1 ? "" : "s", o.sizes() ? ", with zlib sizes" : "");
        } else { // stored outputs keep no time, so that a trace re-packed twice has the same bytes
            out.println("time     not stored (--recompute times a pass over the WPPs)");
        }
        out.printf(Locale.ROOT, "memory   %s at most for tables and state, budget %s%n", Units.bytes(r.peakBytes()), Units.bytes(o.memoryBytes()));
        out.println();

        out.println("path and strata statistics (a row per level; strata-dwpp Tables 3 and 4):");
        TextTable t = new TextTable();
        t.row(List.of("level", "inputs", "executions", "runs", "repeats", "unique", "mean length", "longest run", "table", "runs zlib", "tables zlib",
                "size here"));
        for (Level l : r.levels()) {
            t.row(List.of(l.name(), Long.toString(l.inputs()), Long.toString(l.executions()), Long.toString(l.runs()), Long.toString(l.repeats()),
                    Integer.toString(l.unique()), String.format(Locale.ROOT, "%.2f", l.meanLength()), Long.toString(l.longestRun()),
                    Units.bytes(l.tableBytes()), size(l.runsDeflated()), size(l.tableDeflated()),
                    l.complete() ? size(l.representation()) : "given up"));
        }
        t.print(out);
        out.println("inputs: blocks for the paths, the runs of the level below for a layer; executions: paths or strata completed;");
        out.println("runs: [id, tripcount] pairs passed up; repeats: executions that repeated the one before (executions - runs);");
        out.println("size here: the trace stopped at this level, its runs plus every table up to it, as zlib-compressed varints.");
        for (Level l : r.levels()) {
            if (!l.complete()) {
                out.printf(Locale.ROOT, "%s was given up after %d inputs: the tables outgrew the %s budget (--strata-memory); its figures are partial.%n",
                        l.name(), l.givenUpAt(), Units.bytes(o.memoryBytes()));
            }
        }

        out.println();
        out.printf(Locale.ROOT, "the %d hottest paths by executions × length (path details):%n", r.hottest().size());
        for (int i = 0; i < r.hottest().size(); i++) {
            out.println();
            PathText.write(i + 1, r.hottest().get(i), out);
        }

        int layer = report.layer();
        if (layer >= 0 && layer < r.uniqueStrata().size()) {
            out.println();
            out.printf(Locale.ROOT, "unique strata of layer %d, the %d that cover the most blocks (elements are %s^tripcount):%n", layer,
                    r.uniqueStrata().get(layer).size(), layer == 0 ? "P<path>" : "S<stratum of layer " + (layer - 1) + ">");
            TextTable u = new TextTable();
            u.row(List.of("stratum", "executions", "runs", "blocks each", "rotations", "elements", "stratum"));
            for (UniqueStratum s : r.uniqueStrata().get(layer)) {
                u.row(List.of("S" + s.id(), Long.toString(s.executions()), Long.toString(s.runs()), Long.toString(s.blockLength()),
                        s.rotations() > 1 ? s.rotations() + " (family S" + s.rotationFamily() + ")" : "-",
                        Integer.toString(s.elements().size()), runs(s.elements(), layer == 0 ? "P" : "S")));
            }
            u.print(out);
        }
        String prefix = layer < 0 ? "P" : "S";
        out.println();
        long from = r.options().sampleFrom();
        int sample = r.options().sample();
        if (sample == 0) {
            out.printf(Locale.ROOT, "temporal strata of %s: none asked (--sample 0)%n", layer < 0 ? "the paths" : "layer " + layer);
            return;
        }
        out.printf(Locale.ROOT, "temporal strata of %s, runs %d to %d of each thread:%n", layer < 0 ? "the paths" : "layer " + layer, from, from + sample - 1);
        boolean more = false;
        for (ThreadRow row : r.threads()) {
            List<Run> runs = row.temporal().get(layer + 1);
            more |= runs.size() == sample;
            out.printf(Locale.ROOT, "  %d %s: %s%n", row.thread(), Text.oneLine(row.name()),
                    runs.isEmpty() ? "(none)" : runs(runs.subList(0, Math.min(MAX_ELEMENTS, runs.size())), prefix));
            for (int i = MAX_ELEMENTS; i < runs.size(); i += MAX_ELEMENTS) { // the whole page, MAX_ELEMENTS runs a line
                out.printf(Locale.ROOT, "      %s%n", runs(runs.subList(i, Math.min(i + MAX_ELEMENTS, runs.size())), prefix));
            }
        }
        if (more) out.printf(Locale.ROOT, "next page: --from %d --sample %d%n", from + sample, sample);
    }

    static String threads(StrataResult r) {
        if (r.options().thread() >= 0) {
            ThreadRow t = r.threads().get(0);
            return "thread " + t.thread() + " (" + Text.oneLine(t.name()) + ") only";
        }
        return r.threads().size() + ", each with its own path and strata state; ids are shared";
    }

    private static String size(long bytes) {
        return bytes < 0 ? "-" : Units.bytes(bytes);
    }

    static String runs(List<Run> runs, String prefix) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < runs.size() && i < MAX_ELEMENTS; i++) {
            Run x = runs.get(i);
            parts.add(prefix + x.id() + (x.trip() == 1 ? "" : "^" + x.trip()));
        }
        if (runs.size() > MAX_ELEMENTS) parts.add("… " + (runs.size() - MAX_ELEMENTS) + " more");
        return String.join(" ", parts);
    }
}
