package dev.wholetrace.report.strata;

import dev.wholetrace.analysis.strata.StrataResult;

/**
 * What {@code strata} and {@code hot} print.
 *
 * @param file   the trace file as named on the command line
 * @param result the strata analysis of it
 * @param layer  the layer whose unique and temporal strata the text shows (JSON has all)
 * @param stored whether {@code result} was read from the trace's STRATA_OUTPUTS section (its
 *               timings are then those of the computation when the trace was re-packed)
 */
public record StrataReport(String file, StrataResult result, int layer, boolean stored) {
    /** A report of a result computed now. */
    public StrataReport(String file, StrataResult result, int layer) {
        this(file, result, layer, false);
    }
}
