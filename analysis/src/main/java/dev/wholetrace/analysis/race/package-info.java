/**
 * Post-mortem data-race detection on a recorded trace (parallel-wpp-compression §4): the accesses of
 * every synchronization segment read from the grammars as address progressions, compared between
 * concurrent segments, reported once per instruction pair.
 */
package dev.wholetrace.analysis.race;
