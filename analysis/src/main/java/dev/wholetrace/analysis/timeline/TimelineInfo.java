package dev.wholetrace.analysis.timeline;

import java.util.List;

/**
 * What a timeline shows, known before its first slice: the program and its threads, the time axis,
 * and whether every sync operation is drawn or, above the limit, the operations are aggregated.
 *
 * @param program     the recorded program (its main class or command), or "" when unknown
 * @param threads     the threads' names, by thread index
 * @param operations  sync operations in S_synch
 * @param from        the first entry of S_synch drawn (the window; 0 for the whole trace)
 * @param to          the last entry drawn (from - 1 for an empty order)
 * @param maxDrawn    the limit of sync operations drawn one by one
 * @param binWidth    1 when every operation is drawn; else how many consecutive positions of
 *                    S_synch each aggregate slice stands for
 * @param axis        one sentence on the time axis, for the file's metadata
 */
public record TimelineInfo(String program, List<String> threads, long operations, long from, long to, long maxDrawn, long binWidth, String axis) {
    public TimelineInfo {
        threads = List.copyOf(threads);
    }

    /** Whether the window is less than the whole order. */
    public boolean windowed() {
        return from > 0 || to < operations - 1;
    }

    /** Whether the operations are aggregated into bins (the trace has more than {@code maxDrawn}). */
    public boolean aggregated() {
        return binWidth > 1;
    }
}
