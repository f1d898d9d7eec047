package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.grammar.GrammarSummary;
import dev.wholetrace.importers.CompressedTraceReader;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.grammar.GrammarFormats;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "grammar", mixinStandardHelpOptions = true,
        description = {"Describe a grammar file: rules, depth, sizes, top rules.",
                "",
                "Sizes are given per component; the top rules are those that cover most of the trace "
                    + "(expanded length × uses)."},
        footer = {"", "Examples:",
                "  wholetrace grammar trace.wgr",
                "  wholetrace grammar run.wgr --top 20 --preview 10",
                "  wholetrace grammar run.wgr --format json | jq '.topRules[0]'"})
/** {@code wholetrace grammar FILE.wgr}: a grammar file's shape, sizes and top rules, as text or JSON. */
public final class GrammarCommand implements Callable<Integer>, FormatOption.Formatted {
    /** Lines of output, not memory, bound these: a listing is for reading. */
    static final int MAX_TOP = 10_000;
    static final int MAX_PREVIEW = 1_000;
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN.wgr", description = "the grammar file")
    Path input;

    @Option(names = "--top", defaultValue = "10", paramLabel = "N", description = "how many top rules to list, 0..10000 (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--preview", defaultValue = "6", paramLabel = "N", description = "terminals shown per rule, 0..1000 (default: ${DEFAULT-VALUE})")
    int preview;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return GrammarFormats.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        if (top < 0 || top > MAX_TOP) throw new IllegalArgumentException("--top must be 0 to " + MAX_TOP + ", not " + top);
        if (preview < 0 || preview > MAX_PREVIEW) throw new IllegalArgumentException("--preview must be 0 to " + MAX_PREVIEW + ", not " + preview);
        ReportWriter<GrammarSummary> writer = GrammarFormats.FORMATS.writer(format.resolve(GrammarFormats.FORMATS));
        GrammarSummary summary;
        try (CompressedTraceReader in = CompressedTraceReader.open(input)) {
            summary = GrammarSummary.of(input.toString(), in, top, preview);
        }
        PrintWriter out = spec.commandLine().getOut();
        writer.write(summary, out);
        out.flush();
        return 0;
    }
}
