package dev.wholetrace.analysis;

import dev.wholetrace.reader.TraceView;

/**
 * One question answered from a recorded execution, in the spirit of RoadRunner's {@code Tool}: it
 * reads the trace only through a {@link TraceView} and returns a result model (records, no text),
 * which a report layer renders. A new analysis is one class implementing this and one line in
 * {@link Analyses}; docs/architecture.md, "Adding an analysis", walks through it.
 *
 * @param <R> the result model
 */
public interface TraceAnalysis<R> {
    /** A short lower-case name, unique among the registered analyses (the CLI command's name where there is one). */
    String name();

    /** One line on what the analysis answers. */
    String description();

    /** Analyses the trace. Throws {@link IllegalArgumentException} when the trace's mode lacks what it needs. */
    R analyze(TraceView trace);
}
