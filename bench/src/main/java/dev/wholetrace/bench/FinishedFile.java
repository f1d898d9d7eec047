package dev.wholetrace.bench;

import dev.wholetrace.format.regrammar.FinishedRewrite;
import dev.wholetrace.format.wtrace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A recording rewritten as {@code wholetrace record} leaves it after its program exited ({@link FinishedRewrite}), for the
 * benchmarks that measure that file. A stratum layer the layer search gives up (its tables over the budget) is stored in
 * the chunk's properties and otherwise said only to {@link FinishedRewrite#onGivenUp}'s listener: a benchmark that did not
 * set one would measure a file with fewer layers than it claims without a word, so this sets it.
 */
public final class FinishedFile {
    private FinishedFile() {}

    /** Rewrites {@code in} into {@code out} with {@code rewrite}, each layer given up said to {@code log} as "IN: chunk C: …". */
    public static FinishedRewrite.Result rewrite(FinishedRewrite rewrite, Path in, Path out, Consumer<String> log) throws IOException {
        try (TraceReader reader = TraceReader.open(in)) {
            return rewrite.onGivenUp(line -> log.accept(in.getFileName() + ": " + line)).rewrite(reader, out, Map.of());
        }
    }
}
