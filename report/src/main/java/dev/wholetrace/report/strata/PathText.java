package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.StrataResult.Block;
import dev.wholetrace.analysis.strata.StrataResult.HotPath;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A hot path as text: one line of figures, where it runs (methods with their lines), then its blocks with their bytecode. */
public final class PathText {
    /** Blocks of one path printed in text (JSON has them all). */
    static final int MAX_BLOCKS = 40;
    /** Methods named on a path's "in" line in text: a path through a framework's call chain crosses dozens. */
    static final int MAX_METHODS = 6;

    private PathText() {}

    static void write(int rank, HotPath p, PrintWriter out) {
        out.printf(Locale.ROOT, "#%d  path %d: %s of all blocks; %s executions in %s runs (longest %s), %d %s long%n", rank, p.id(),
                percent(p.share()), Units.count(p.executions()), Units.count(p.runs()), Units.count(p.longestRun()), p.length(),
                p.length() == 1 ? "block" : "blocks");
        var iso = p.isomers();
        if (iso.rotations() > 1 || iso.reorderings() > 1) {
            out.printf(Locale.ROOT, "    isomers: %s%s%n", iso.rotations() > 1 ? String.format(Locale.ROOT,
                    "%d rotations (family of path %d) run %s of all blocks together", iso.rotations(), iso.rotationFamily(), percent(iso.rotationShare())) : "",
                    iso.reorderings() > iso.rotations() ? (iso.rotations() > 1 ? "; " : "") + iso.reorderings() + " paths with the same blocks in any order" : "");
        }
        out.printf(Locale.ROOT, "    in %s%n", where(p, MAX_METHODS));
        int shown = Math.min(p.code().size(), MAX_BLOCKS);
        for (int i = 0; i < shown; i++) {
            Block b = p.code().get(i);
            CodeEntry e = b.entry();
            if (e == null) {
                out.printf(Locale.ROOT, "    %6d  (not in the code map)%n", b.id());
            } else {
                out.printf(Locale.ROOT, "    %6d  %s  bci %d  %s%n", b.id(), Text.oneLine(shortWhere(e)), e.bci(), Text.oneLine(e.text()));
            }
        }
        if (shown < p.code().size()) out.printf(Locale.ROOT, "    … %d more blocks (--format json lists them all)%n", p.code().size() - shown);
    }

    /** Its methods in order of first block, each with the range of source lines its blocks cover. */
    public static String where(HotPath p) {
        return where(p, Integer.MAX_VALUE);
    }

    /** {@link #where(HotPath)}, naming the first {@code maxMethods} methods and counting the rest. */
    static String where(HotPath p, int maxMethods) {
        Map<String, int[]> lines = new LinkedHashMap<>();
        for (Block b : p.code()) {
            String m = b.entry() == null ? "?" : b.entry().className() + "." + b.entry().method();
            int line = b.entry() == null ? 0 : b.entry().line();
            int[] r = lines.computeIfAbsent(m, k -> new int[] {Integer.MAX_VALUE, 0});
            if (line > 0) {
                r[0] = Math.min(r[0], line);
                r[1] = Math.max(r[1], line);
            }
        }
        StringBuilder s = new StringBuilder();
        int named = 0;
        for (Map.Entry<String, int[]> e : lines.entrySet()) {
            if (named++ == maxMethods) {
                int more = lines.size() - maxMethods;
                s.append(", … ").append(more).append(more == 1 ? " more method" : " more methods");
                break;
            }
            if (s.length() > 0) s.append(", ");
            s.append(Text.oneLine(e.getKey()));
            int[] r = e.getValue();
            if (r[1] > 0) s.append(r[0] == r[1] ? " line " + r[0] : " lines " + r[0] + "-" + r[1]);
        }
        return s.toString();
    }

    private static String shortWhere(CodeEntry e) {
        String c = e.className();
        return c.substring(c.lastIndexOf('.') + 1) + "." + e.method() + (e.line() > 0 ? ":" + e.line() : "");
    }

    static String percent(double share) {
        double p = 100 * share;
        return p >= 10 ? String.format(Locale.ROOT, "%.1f%%", p) : p >= 0.01 ? String.format(Locale.ROOT, "%.2f%%", p)
                : p == 0 ? "0%" : "<0.01%";
    }
}
