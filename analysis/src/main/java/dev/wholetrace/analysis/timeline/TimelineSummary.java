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
 */
public record TimelineSummary(long operations, long slices, long handOvers, long handOversFromBefore, long episodes, long holdsNotDrawn, long unmatchedUnlocks) {}
