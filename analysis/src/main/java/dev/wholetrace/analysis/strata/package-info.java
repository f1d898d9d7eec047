/**
 * Strata (strata-dwpp): cyclic paths, hot paths and stratum layers computed from a recorded
 * trace's control WPPs ({@link dev.wholetrace.analysis.strata.StrataAnalysis}); the builders
 * themselves are in {@code dev.wholetrace.model.strata}. docs/strata.md.
 */
package dev.wholetrace.analysis.strata;
