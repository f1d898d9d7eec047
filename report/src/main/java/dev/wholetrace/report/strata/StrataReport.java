package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.StrataResult;

/**
 * What {@code strata} and {@code hot} print.
 *
 * @param file   the trace file as named on the command line
 * @param result the strata analysis of it
 * @param layer  the layer whose unique and temporal strata the text shows (JSON has all)
 */
public record StrataReport(String file, StrataResult result, int layer) {}
