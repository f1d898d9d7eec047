package dev.wholetrace.analysis.std;

import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * An independent happens-before race checker over STD text lines, written for the tests from the
 * format's definition alone (RAPID's {@code THREAD|OP(ARG)|LOCATION}; nothing of the analysis is
 * used): a plain vector-clock replay where {@code acq(l)} joins the clock the last {@code rel(l)}
 * left, {@code rel(l)} leaves the thread's clock and ticks it, {@code fork(u)} gives u the parent's
 * clock and ticks the parent, {@code join(u)} joins u's clock, and every access is compared with the
 * last access of each (thread, location, read/write) to the same variable. Two conflicting accesses
 * race when the earlier one's epoch is not in the later one's clock; a race is reported as the pair
 * of their locations, smaller first.
 *
 * <p>It also checks that the lines form a well-formed trace for RAPID's lock-based engines: an
 * acquire only of a lock no thread holds (no nesting), a release only by the holder, no event of a
 * thread before its fork or after its join, every line in the format.
 */
public final class StdHbChecker {
    /** What a replay found: racing location pairs ("a:b", a &lt;= b), well-formedness violations, lines read. */
    public record Result(Set<String> pairs, List<String> violations, long lines) {}

    private final Map<String, Integer> threadIds = new HashMap<>();
    private long[][] clocks = new long[0][];
    private final Map<String, long[]> lockClocks = new HashMap<>();
    private final Map<String, Integer> holder = new HashMap<>();
    private final Map<String, List<long[]>> accesses = new HashMap<>(); // per variable: {thread, location, write 0/1, epoch}
    private final Set<Integer> started = new HashSet<>();
    private final Set<Integer> forked = new HashSet<>();
    private final Set<Integer> joined = new HashSet<>();
    private final Set<String> pairs = new TreeSet<>();
    private final List<String> violations = new ArrayList<>();
    private long lines;

    /** The STD export of {@code trace}, as the text writer writes it, replayed. */
    public static Result check(TraceView trace) {
        StdHbChecker c = new StdHbChecker();
        new StdExport().analyze(trace).forEach(e -> c.line("T" + e.thread() + "|" + e.op().label + "(" + e.target().name() + ")|" + e.location()));
        return new Result(c.pairs, c.violations, c.lines);
    }

    /** Replays every line of an STD trace. */
    public static Result check(Iterable<String> std) {
        StdHbChecker c = new StdHbChecker();
        for (String line : std) c.line(line);
        return new Result(c.pairs, c.violations, c.lines);
    }

    private void line(String line) {
        lines++;
        int bar1 = line.indexOf('|'), open = line.indexOf('(', bar1), close = line.lastIndexOf(')'), bar2 = line.lastIndexOf('|');
        if (!line.startsWith("T") || bar1 < 0 || open < 0 || close < open || bar2 != close + 1) {
            violation("not an STD line: " + line);
            return;
        }
        int t = thread(line.substring(0, bar1));
        String op = line.substring(bar1 + 1, open), arg = line.substring(open + 1, close);
        long location;
        try {
            location = Long.parseLong(line.substring(bar2 + 1));
        } catch (NumberFormatException e) {
            violation("bad location: " + line);
            return;
        }
        if (joined.contains(t)) violation("an event of a joined thread: " + line);
        started.add(t);
        switch (op) {
            case "acq" -> {
                Integer h = holder.get(arg);
                if (h != null) violation("acquire of a lock " + (h == t ? "it already holds" : name(h) + " holds") + ": " + line);
                holder.put(arg, t);
                long[] l = lockClocks.get(arg);
                if (l != null) join(t, l);
            }
            case "rel" -> {
                if (!Integer.valueOf(t).equals(holder.get(arg))) violation("release of a lock it does not hold: " + line);
                holder.remove(arg);
                lockClocks.put(arg, clocks[t].clone());
                clocks[t][t]++;
            }
            case "fork" -> {
                int u = thread(arg);
                if (started.contains(u) || forked.contains(u)) violation("fork of a thread that already ran or was forked: " + line);
                forked.add(u);
                join(u, clocks[t]);
                clocks[t][t]++;
            }
            case "join" -> {
                int u = thread(arg);
                join(t, clocks[u]);
                joined.add(u);
            }
            case "r", "w" -> access(t, arg, location, op.equals("w"));
            default -> violation("unknown operation: " + line);
        }
    }

    private void access(int t, String variable, long location, boolean write) {
        List<long[]> seen = accesses.computeIfAbsent(variable, v -> new ArrayList<>());
        long[] c = clocks[t];
        long[] mine = null;
        for (long[] a : seen) {
            int u = (int) a[0];
            if (u != t && (write || a[2] == 1) && a[3] > (u < c.length ? c[u] : 0)) {
                pairs.add(Math.min(a[1], location) + ":" + Math.max(a[1], location));
            }
            if (u == t && a[1] == location && (a[2] == 1) == write) mine = a;
        }
        if (mine == null) seen.add(new long[] {t, location, write ? 1 : 0, c[t]});
        else mine[3] = c[t]; // a later access of the same kind subsumes it: its epoch is at least as large
    }

    private void join(int t, long[] from) {
        long[] c = clocks[t];
        for (int i = 0; i < from.length && i < c.length; i++) c[i] = Math.max(c[i], from[i]);
    }

    private int thread(String name) {
        Integer id = threadIds.get(name);
        if (id != null) return id;
        int t = threadIds.size();
        threadIds.put(name, t);
        clocks = Arrays.copyOf(clocks, t + 1);
        for (int i = 0; i < t; i++) clocks[i] = Arrays.copyOf(clocks[i], t + 1);
        clocks[t] = new long[t + 1];
        clocks[t][t] = 1;
        return t;
    }

    private String name(int t) {
        for (Map.Entry<String, Integer> e : threadIds.entrySet()) if (e.getValue() == t) return e.getKey();
        return "?";
    }

    private void violation(String what) {
        if (violations.size() < 20) violations.add(what);
    }
}
