package dev.wholetrace.analysis.std;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.reader.TraceView;

/**
 * The execution as RAPID's STD events, for cross-checking race detectors: accesses as reads and
 * writes of variables, every sync operation mapped onto STD's locks and fork/join so that the
 * happens-before edges survive ({@link StdEvents}). A writer in the CLI turns the events into text.
 */
public final class StdExport extends NamedAnalysis<StdEvents> {
    public StdExport() {
        super("std", "the execution as RAPID STD events (CDR/ALL): accesses, locks and fork/join carrying its happens-before");
    }

    @Override
    public StdEvents analyze(TraceView trace) {
        if (!trace.mode().streams) {
            throw new IllegalArgumentException("the STD export needs a CDR or ALL trace (instructions and addresses), not " + trace.mode().label());
        }
        return new StdEvents(trace);
    }
}
