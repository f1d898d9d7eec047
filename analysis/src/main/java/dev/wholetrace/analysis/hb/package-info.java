/**
 * Happens-before between the synchronization segments of a recorded execution, computed from the
 * sync order (S_synch) alone: what every race-related analysis needs.
 */
package dev.wholetrace.analysis.hb;
