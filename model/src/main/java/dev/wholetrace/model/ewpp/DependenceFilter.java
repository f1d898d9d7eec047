package dev.wholetrace.model.ewpp;

import dev.wholetrace.model.util.LongLongMap;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The filtering phase's result (tallam-gupta §3.1): every store→load dependence an earlier run
 * exercised, by instruction pair (store d, load u), with its {@link DependenceClass}, and per load
 * the outcome its check is predicted to have when the load is no-cost (its only source d, last
 * instance; or "no traced writer" for a load that never read a traced store's value). The
 * collection phase's check routine consults it per load; the trace keeps it (property
 * {@value #PROPERTY}) so that recovery reads the same predictions.
 *
 * <p>Text form ({@link #encode}, {@link #decode}): {@value #HEADER} then one entry per dependence,
 * {@code ';'}-separated: {@code u d class} (class as {@link DependenceClass#label}), and per load
 * read only unwritten values {@code u - none}.
 */
public final class DependenceFilter {
    public static final String PROPERTY = "ewpp.filter";
    public static final String HEADER = "ewpp-filter 1";
    /** {@link #predicted}: no prediction (the check's outcome is recorded). */
    public static final long UNPREDICTED = -1;
    /** {@link #predicted}: the load only ever read values no traced store wrote. */
    public static final long PREDICTED_NONE = -2;

    private final TreeMap<Long, DependenceClass> classes = new TreeMap<>();
    private final TreeMap<Integer, Long> predictions = new TreeMap<>();
    /** (d, u) → class ordinal + 1. */
    private final LongLongMap lookup = new LongLongMap();
    /** u → predicted d + 3 (absent: unpredicted). */
    private final LongLongMap predicted = new LongLongMap();

    /** A filter that knows no dependence: every dependence of the collection run is an explicit record. */
    public static DependenceFilter empty() {
        return new DependenceFilter();
    }

    /** Adds dependence (store d, load u) of class {@code c}. */
    public DependenceFilter add(int store, int load, DependenceClass c) {
        classes.put(key(store, load), c);
        lookup.put(key(store, load), c.ordinal() + 1);
        if (c == DependenceClass.NO_COST) predict(load, store);
        return this;
    }

    /** Records that load u only read unwritten values in the filtering run. */
    public DependenceFilter addUnwritten(int load) {
        predict(load, PREDICTED_NONE);
        return this;
    }

    private void predict(int load, long source) {
        predictions.put(load, source);
        predicted.put(load, source + 3);
    }

    private static long key(int store, int load) {
        return (long) store << 32 | load & 0xFFFF_FFFFL;
    }

    /** The class of (d, u), or null if the filtering run did not exercise it. */
    public DependenceClass classOf(int store, int load) {
        long v = lookup.get(key(store, load));
        return v == 0 ? null : DependenceClass.values()[(int) v - 1];
    }

    /** The no-cost prediction for load u: its source d, {@link #PREDICTED_NONE} or {@link #UNPREDICTED}. */
    public long predicted(int load) {
        long v = predicted.get(load);
        return v != 0 ? v - 3 : UNPREDICTED;
    }

    /** Dependences known, by class. */
    public int size() {
        return classes.size();
    }

    /** Every dependence as {store, load, class ordinal}, in (store, load) order. */
    public List<int[]> entries() {
        List<int[]> out = new ArrayList<>();
        classes.forEach((k, c) -> out.add(new int[] {(int) (k >>> 32), (int) (long) k, c.ordinal()}));
        return out;
    }

    public String encode() {
        StringBuilder b = new StringBuilder(HEADER);
        classes.forEach((k, c) -> b.append(';').append((int) (long) k).append(' ').append((int) (k >>> 32)).append(' ').append(c.label()));
        predictions.forEach((u, d) -> {
            if (d == PREDICTED_NONE) b.append(';').append(u).append(" - none");
        });
        return b.toString();
    }

    /** Parses {@link #encode}'s form; null or blank gives the empty filter. */
    public static DependenceFilter decode(String text) {
        DependenceFilter f = new DependenceFilter();
        if (text == null || text.isBlank()) return f;
        String body = text.strip();
        // entries end at ';' or a newline; split by hand, not by a regular expression (a third of
        // the filter's decoding, which every eWPP count pays when it opens the trace)
        int from = 0;
        for (int i = 0; from <= body.length(); i++) {
            int end = entryEnd(body, from);
            String p = body.substring(from, end).strip();
            from = end + 1;
            if (i == 0) {
                if (!p.equals(HEADER)) throw new IllegalArgumentException("not an eWPP filter (expected '" + HEADER + "' first)");
                continue;
            }
            if (p.isEmpty()) continue;
            String[] f3 = p.split(" ");
            if (f3.length != 3) throw new IllegalArgumentException("bad eWPP filter entry '" + p + "' (expected 'load store class')");
            try {
                int u = Integer.parseInt(f3[0]);
                if (f3[1].equals("-")) {
                    if (!f3[2].equals("none")) throw new IllegalArgumentException("bad eWPP filter entry '" + p + "'");
                    f.addUnwritten(u);
                } else {
                    f.add(Integer.parseInt(f3[1]), u, DependenceClass.parse(f3[2]));
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad eWPP filter entry '" + p + "': " + e.getMessage());
            }
        }
        return f;
    }

    /** Where the entry starting at {@code from} ends: the next ';' or newline, or the text's end. */
    private static int entryEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ';' || c == '\n') return i;
        }
        return text.length();
    }
}
