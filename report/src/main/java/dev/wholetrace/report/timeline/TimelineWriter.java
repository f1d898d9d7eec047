package dev.wholetrace.report.timeline;

import dev.wholetrace.analysis.timeline.TimelineSink;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A file format for timelines: makes the {@link TimelineSink} that writes one timeline to a stream
 * (streamed: the writer keeps nothing per slice). The sink flushes the stream at its {@code
 * finish}; the caller closes it.
 */
@FunctionalInterface
public interface TimelineWriter {
    TimelineSink open(OutputStream out) throws IOException;
}
