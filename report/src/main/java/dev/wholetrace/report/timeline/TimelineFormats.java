package dev.wholetrace.report.timeline;

import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.util.List;

/** The timeline formats {@code export} writes (docs/timeline.md). */
public final class TimelineFormats {
    private TimelineFormats() {}

    /** Chrome's trace-event JSON (chrome://tracing, Perfetto UI), for small traces. */
    public static final OutputFormat CHROME = new OutputFormat("chrome", List.of(),
            "Chrome trace-event JSON timeline (small traces)");
    /** Perfetto's protobuf TrackEvent trace, the compact one for big traces. */
    public static final OutputFormat PERFETTO = new OutputFormat("perfetto", List.of(),
            "Perfetto protobuf timeline (TrackEvent)");

    public static final FormatRegistry<TimelineWriter> FORMATS = new FormatRegistry<TimelineWriter>("timeline")
            .register(CHROME, ChromeTraceJson::new)
            .register(PERFETTO, PerfettoTrace::new);
}
