/**
 * Post-mortem data-race detection on a recorded trace (parallel-wpp-compression §4): happens-before
 * from the sync order, synchronization segments, apparent races per instruction pair.
 */
package dev.wholetrace.analysis.race;
