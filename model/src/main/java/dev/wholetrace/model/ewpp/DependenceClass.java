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

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static DependenceClass parse(String s) {
        for (DependenceClass c : values()) if (c.label().equals(s)) return c;
        throw new IllegalArgumentException("unknown dependence class '" + s + "' (no-cost, fixed-cost, variable-cost)");
    }
}
