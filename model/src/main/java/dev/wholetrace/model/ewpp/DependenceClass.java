package dev.wholetrace.model.ewpp;

import java.util.Locale;

/**
 * How costly a store→load dependence is to capture (tallam-gupta §2, as measured in a filtering
 * run): the JVM has no points-to analysis here, so the class is what the filtering run showed.
 */
public enum DependenceClass {
    /** The load's only source, always its last instance: recovered from the control flow alone. */
    NO_COST,
    /** Always the last instance of the store (last-instance dependence): one comparison. */
    FIXED_COST,
    /** Some instance of the store (any-instance dependence): a binary search over its timestamps. */
    VARIABLE_COST;

    /** The labels, made once: a filter of a few hundred entries parses one per entry when a trace is opened. */
    private static final DependenceClass[] ALL = values();
    private static final String[] LABELS = new String[ALL.length];

    static {
        for (DependenceClass c : ALL) LABELS[c.ordinal()] = c.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public String label() {
        return LABELS[ordinal()];
    }

    public static DependenceClass parse(String s) {
        for (DependenceClass c : ALL) if (LABELS[c.ordinal()].equals(s)) return c;
        throw new IllegalArgumentException("unknown dependence class '" + s + "' (no-cost, fixed-cost, variable-cost)");
    }
}
