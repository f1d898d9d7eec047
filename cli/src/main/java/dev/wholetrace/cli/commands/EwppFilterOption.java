package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.deps.DependenceFilterBuilder;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.AgentOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --filter-from EARLIER.wtrace} of {@code record} and {@code workload} (a picocli mixin): the
 * eWPP's filtering phase taken from an earlier CDR or ALL recording of the same program
 * ({@link DependenceFilterBuilder}), handed to the agent as a file (docs/ewpp.md).
 */
public class EwppFilterOption {
    @Option(names = "--filter-from", paramLabel = "EARLIER",
            description = "mode ewpp: classify dependences from this earlier cdr or all recording of the same program "
                    + "(the filtering phase; without it every dependence is an explicit record)")
    Path earlier;

    @Option(names = "--signature", paramLabel = "KIND",
            description = "mode ewpp: how a check signs an older instance of a store: distance (the default: one symbol, how many "
                    + "instances before the latest, which repeats where the program does) or search (the paper's binary-search bits, "
                    + "whose path changes as the store's buffer grows)")
    String signature;

    @Option(names = "--ewpp-caps", paramLabel = "BUFFER:TABLE",
            description = "mode ewpp: memory bounds of the collection: instances kept per store's timestamp buffer (the oldest "
                    + "half is evicted when full; a load of an evicted instance becomes an explicit record) and last-writer "
                    + "entries kept in memory per table (more spill to disk). Default 262144:1048576, e.g. --ewpp-caps 65536:100000")
    String caps;

    /** {@code options} with the filter file made from {@code --filter-from}, if given; checks it fits {@code mode}. */
    AgentOptions apply(AgentOptions options, TraceMode mode, PrintWriter err) throws IOException {
        if (signature != null) {
            if (mode != TraceMode.EWPP) throw new IllegalArgumentException("--signature needs --mode ewpp, not " + mode.label());
            options = options.withSignature(signature);
        }
        if (caps != null) {
            if (mode != TraceMode.EWPP) throw new IllegalArgumentException("--ewpp-caps needs --mode ewpp, not " + mode.label());
            options = options.withCaps(caps);
        }
        if (earlier == null) return options;
        if (mode != TraceMode.EWPP) throw new IllegalArgumentException("--filter-from needs --mode ewpp, not " + mode.label());
        ParallelTrace trace = TraceFiles.open(earlier, err);
        if (!trace.mode().streams) {
            throw new IllegalArgumentException("--filter-from needs a cdr or all recording; " + earlier + " is " + trace.mode().label());
        }
        DependenceFilter filter = new DependenceFilterBuilder().build(trace);
        Path file = Files.createTempFile("wholetrace-ewpp-filter", ".txt");
        file.toFile().deleteOnExit();
        Files.writeString(file, filter.encode());
        return options.withFilter(file);
    }
}
