package dev.wholetrace.analysis.streams;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.reader.TraceView;

/** The raw streams of a CDR/ALL trace (block ids, sync operations, per-instruction addresses): {@link AccessStreams}. */
public final class RawStreamsAnalysis extends NamedAnalysis<AccessStreams> {
    public RawStreamsAnalysis() {
        super("raw-streams", "the trace expanded into the raw streams the compression study compares against (CDR/ALL)");
    }

    @Override
    public AccessStreams analyze(TraceView trace) {
        return AccessStreams.of(trace);
    }
}
