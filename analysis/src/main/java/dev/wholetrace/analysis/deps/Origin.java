package dev.wholetrace.analysis.deps;

import java.util.Locale;

/** Where the value a load read came from. */
public enum Origin {
    /** A store of the same thread, earlier in program order. */
    SAME_THREAD,
    /** Another thread's store that happens before the load (the sync order orders the two). */
    CROSS_THREAD,
    /** Another thread's store the sync order does not order before the load: a racy dependence (a data race). */
    RACY,
    /** No traced store: an initial value, or one written by code the agent does not check. */
    NO_WRITER;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
