package dev.wholetrace.analysis.strata;

import java.util.List;

/**
 * What {@code wholetrace phases} found (docs/strata.md, "Phases").
 *
 * @param file      the trace
 * @param mode      its mode
 * @param threshold the Jaccard similarity below which a phase starts
 * @param threads   per thread analysed, its phases
 */
public record PhaseResult(String file, String mode, double threshold, List<ThreadPhases> threads) {

    /** One thread's phases; {@code window} is the blocks per window used. */
    public record ThreadPhases(int thread, String name, long events, long blocks, int window, List<Phase> phases) {}

    /**
     * A phase: the thread's events {@code firstEvent..lastEvent} (its blocks {@code firstBlock} on,
     * {@code blocks} of them); {@code syncFrom}/{@code syncTo} the thread's sync operations just
     * before and after it (-1: none, the phase starts at the thread's start or runs to its end), the
     * range for {@code dump --sync-from/--sync-to}; its hot paths, the hottest first.
     */
    public record Phase(int index, long firstEvent, long lastEvent, long firstBlock, long blocks, long syncFrom, long syncTo, List<HotPath> hot) {}

    /** A hot path of a phase: id (of this analysis), length in blocks, blocks it covered in the phase and their share, where it starts. */
    public record HotPath(int id, int length, long blocks, double share, String where) {}
}
