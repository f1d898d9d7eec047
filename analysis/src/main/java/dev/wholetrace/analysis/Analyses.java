package dev.wholetrace.analysis;

import dev.wholetrace.analysis.deps.DepsAnalysis;
import dev.wholetrace.analysis.race.RaceAnalysis;
import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.analysis.strata.StrataAnalysis;
import dev.wholetrace.analysis.std.StdExport;
import dev.wholetrace.analysis.streams.RawStreamsAnalysis;
import java.util.List;
import java.util.NoSuchElementException;

/** The registry of analyses: each with its default options, in the order help texts list them. */
public final class Analyses {
    private static final List<TraceAnalysis<?>> ALL = List.of(
            new StatsAnalysis(),
            RaceAnalysis.defaults(),
            new StdExport(),
            new RawStreamsAnalysis(),
            new StrataAnalysis(),
            new DepsAnalysis());

    private Analyses() {}

    public static List<TraceAnalysis<?>> all() {
        return ALL;
    }

    /** The registered analysis of this name. */
    public static TraceAnalysis<?> named(String name) {
        for (TraceAnalysis<?> a : ALL) if (a.name().equals(name)) return a;
        throw new NoSuchElementException("no analysis named '" + name + "'");
    }
}
