package dev.wholetrace.analysis.timeline;

/**
 * A timeline's totals, known after its last slice: what was drawn and what was not.
 *
 * @param operations      sync operations in the window drawn
 * @param slices          slices written
 * @param handOvers       happens-before hand-overs drawn as flows (aggregated: counted, not drawn)
 * @param handOversFromBefore hand-overs into the window whose release lies before it (not drawn)
 * @param episodes        barrier episodes drawn as flow chains
 * @param holdsNotDrawn   lock holdings not drawn because {@link TimeAxis#MAX_HOLD_DEPTH} others were open on the thread
 * @param unmatchedUnlocks unlocks of a lock the trace never showed the thread take (recorded before it, or not modelled)
 * @param maxStretchNanos  on the clock axis, how much later than its recorded time an operation was drawn at most (a burst
 *                        of more than one operation per µs is stretched); 0 on the order axis
 */
public record TimelineSummary(long operations, long slices, long handOvers, long handOversFromBefore, long episodes, long holdsNotDrawn, long unmatchedUnlocks,
        long maxStretchNanos) {}
