package dev.wholetrace.bench;

import dev.wholetrace.model.event.TraceMode;
import java.util.Locale;

/**
 * How one non-plain run of {@code bench overhead} is instrumented: JaCoCo's agent (the probe
 * floor: a boolean per basic block, no trace), the agent under test in a mode, or the
 * {@code --baseline-agent} jar in a mode (for before/after comparisons in one run).
 */
record OverheadVariant(String label, TraceMode mode, boolean baseline) {
    static final OverheadVariant JACOCO = new OverheadVariant("jacoco", null, false);

    static OverheadVariant agent(TraceMode mode) {
        return new OverheadVariant(mode.label(), mode, false);
    }

    static OverheadVariant baseline(TraceMode mode) {
        return new OverheadVariant(mode.label() + "-baseline", mode, true);
    }

    boolean isJacoco() {
        return mode == null;
    }

    /** "JaCoCo", "COR", "COR (baseline)": the row label of the markdown tables. */
    String title() {
        if (isJacoco()) return "JaCoCo";
        String m = mode.label().toUpperCase(Locale.ROOT);
        return baseline ? m + " (baseline)" : m;
    }
}
