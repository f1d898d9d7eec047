package dev.wholetrace.model.ewpp;

import dev.wholetrace.model.util.LongLongMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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

    // Two primitive maps and no sorted ones: the order is made by entries() and encode(), which the
    // recorder and the bench call once; a count only looks entries up, and every eWPP count decodes
    // the filter when it opens the trace (boxed tree maps were most of that decoding).
    /** (d, u) → class ordinal + 1. */
    private final LongLongMap lookup = new LongLongMap();
    /** u → predicted d + 3 (absent: unpredicted). */
    private final LongLongMap predicted = new LongLongMap();

    /** A filter that knows no dependence: every dependence of the collection run is an explicit record. */
    public static DependenceFilter empty() {
        return new DependenceFilter();
    }

    /**
     * Adds dependence (store d, load u) of class {@code c}. A no-cost one predicts its store, so its
     * store must be an instruction id (0 or more): {@link #predicted} keeps -1 and -2 for its outcomes.
     */
    public DependenceFilter add(int store, int load, DependenceClass c) {
        if (c == DependenceClass.NO_COST && store < 0) {
            throw new IllegalArgumentException("a no-cost dependence's store must be an instruction id (0 or more), not " + store);
        }
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
        return lookup.size();
    }

    /** Every dependence as {store, load, class ordinal}, in (store, load) order. */
    public List<int[]> entries() {
        List<int[]> out = new ArrayList<>();
        for (long k : sortedKeys(lookup)) out.add(new int[] {(int) (k >>> 32), (int) k, (int) lookup.get(k) - 1});
        return out;
    }

    public String encode() {
        StringBuilder b = new StringBuilder(HEADER);
        DependenceClass[] classes = DependenceClass.values();
        for (long k : sortedKeys(lookup)) {
            b.append(';').append((int) k).append(' ').append((int) (k >>> 32)).append(' ').append(classes[(int) lookup.get(k) - 1].label());
        }
        for (long u : sortedKeys(predicted)) if (predicted.get(u) - 3 == PREDICTED_NONE) b.append(';').append(u).append(" - none");
        return b.toString();
    }

    /** {@code map}'s keys in ascending (signed) order: a store id and a load id are ints, so this is (store, load) order, and load order. */
    private static long[] sortedKeys(LongLongMap map) {
        long[] keys = map.keys();
        Arrays.sort(keys);
        return keys;
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
            // "u d class" or "u - none": exactly two single spaces (split(" ") by hand, its refusals kept)
            int s1 = p.indexOf(' ');
            int s2 = s1 < 0 ? -1 : p.indexOf(' ', s1 + 1);
            if (s2 < 0 || p.indexOf(' ', s2 + 1) >= 0) throw new IllegalArgumentException("bad eWPP filter entry '" + p + "' (expected 'load store class')");
            int u = number(p, 0, s1);
            if (s2 == s1 + 2 && p.charAt(s1 + 1) == '-') {
                if (!p.regionMatches(s2 + 1, "none", 0, 4) || p.length() != s2 + 5) throw new IllegalArgumentException("bad eWPP filter entry '" + p + "'");
                f.addUnwritten(u);
            } else {
                int d = number(p, s1 + 1, s2);
                DependenceClass c = DependenceClass.parse(p.substring(s2 + 1));
                try {
                    f.add(d, u, c);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("bad eWPP filter entry '" + p + "': " + e.getMessage());
                }
            }
        }
        return f;
    }

    /** The int in {@code entry}[from, to), or the entry refused as {@link Integer#parseInt(String)} refuses the field. */
    private static int number(String entry, int from, int to) {
        try {
            return Integer.parseInt(entry, from, to, 10);
        } catch (NumberFormatException e) {
            String message;
            try {
                Integer.parseInt(entry.substring(from, to));
                message = e.getMessage();
            } catch (NumberFormatException plain) {
                message = plain.getMessage();
            }
            throw new IllegalArgumentException("bad eWPP filter entry '" + entry + "': " + message);
        }
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
