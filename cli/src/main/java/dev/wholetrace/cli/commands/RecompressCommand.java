package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.FinishedTrace;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarFile;
import dev.wholetrace.format.regrammar.AddressCoding;
import dev.wholetrace.format.regrammar.TraceRegrammarer;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.format.regrammar.FinishedRewrite;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.importers.GrammarFileRegrammarer;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.Units;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wholetrace recompress}: the heavy compression a recording skipped so that its chunks
 * reach the disk within a second ({@link TraceRepacker} with {@link Codec#BEST}).
 */
@Command(name = "recompress", mixinStandardHelpOptions = true,
        description = {"Re-pack a recorded trace (.wtrace) or a grammar file (.wgr) with the strongest codec, "
                        + "optionally rebuilding every grammar with another algorithm.",
                "",
                "The recorder seals a chunk every second with a fast codec (xz preset 0, or raw bytes while it "
                        + "cannot keep up), so that a crash loses at most about a second. This rewrites every section "
                        + "with " + Codec.BEST_DESCRIPTION + " (docs/results/repack.md); chunks, grammars "
                        + "and events are unchanged. Chunks are packed on up to 4 cores; on a terminal a line shows the bytes done. An "
                        + "unfinished trace (the program was killed) is rewritten up to its last complete chunk and "
                        + "stays unfinished, so that readers keep warning about it. `wholetrace record` runs this by itself "
                        + "when the program exited normally. A complete STRATA recording also gets the strata outputs and phases "
                        + "stored (a STRATA_OUTPUTS section, computed here; 'hot', 'strata' and 'phases' read it), and, of the current "
                        + "format version, its strata streams stored with the stratum layers (none to 4, or to --strata-layers N; at most "
                        + "--strata-memory of layer tables built while choosing) that pack smallest per chunk "
                        + "(docs/strata.md, 'Stored layers'; the events are unchanged). The output is written beside its target and renamed into place; "
                        + "an existing OUT is replaced only with --force, and never when it is IN itself.",
                "",
                "--grammar rebuilds every grammar (each thread's WPPs and per-instruction streams, or a .wgr's control "
                        + "grammar and address streams) with that algorithm: the events, the sync order and every analysis "
                        + "stay the same, only the grammars' shape and size change; sync counts are recounted. enhanced "
                        + "(frequency-ordered SEQUITUR) and repair (Re-Pair) work offline, on the whole of each grammar at "
                        + "once, with about 12 bytes of memory per event of a chunk (docs/grammars.md); --window N makes "
                        + "enhanced work over windows of N events, its memory then following the window. A .wtrace is "
                        + "rewritten in the current format version only.",
                "",
                "--addresses (a .wtrace in CDR or ALL) decodes every address stream and encodes it again: diff-rle "
                        + "as format 5 stored them, predictive with the predictor stage the recorder uses from format 6 "
                        + "(unpredictable differences of a mostly unpredictable stream go to an exception list; "
                        + "docs/trace-format.md, \"Address streams\"), so a format-5 trace gets the smaller coding without "
                        + "being recorded again. Other grammars are kept unless --grammar is given too.",
                "",
                "--chunk-events N (a .wtrace in COR or CDR) merges consecutive chunks until each merged chunk holds at "
                        + "least N events: the chunks a short run was cut into every second repeat their WPPs, symbol "
                        + "tables, address predictors and framing, which a finished recording no longer needs. Merged "
                        + "chunks rebuild their WPPs (with --grammar's algorithm, else SEQUITUR) and re-encode their "
                        + "address streams (with --addresses' coding, else predictive); events, sync order, clock and "
                        + "every analysis stay the same (docs/trace-format.md, \"Merged chunks\"). With --join the merged "
                        + "chunks' grammars are joined rule by rule instead (rules alike across chunks stored once, Re-Pair "
                        + "over the joined rules; address streams joined at their runs, not re-predicted): the time follows "
                        + "the grammars' size, not the events, which is what record does at exit (docs/grammars.md, "
                        + "\"Joining grammars\")."},
        footer = {"", "Examples:",
                "  wholetrace recompress app.wtrace -o app.small.wtrace",
                "  wholetrace recompress crashed.wtrace -o crashed.wtrace.best --force",
                "  wholetrace recompress app.wtrace -o app.enhanced.wtrace --grammar enhanced",
                "  wholetrace recompress run.wgr -o run.repair.wgr --grammar repair",
                "  wholetrace recompress app.wtrace -o app.w16.wtrace --grammar enhanced --window 65536",
                "  wholetrace recompress old-v5.wtrace -o v6.wtrace --addresses predictive",
                "  wholetrace recompress short-run.wtrace -o one-chunk.wtrace --chunk-events 67108864",
                "  wholetrace recompress long-run.wtrace -o one-chunk.wtrace --chunk-events 9223372036854775807 --join",
                "  wholetrace recompress strata.wtrace -o two.wtrace --strata-layers 2 --strata-memory 64m   # at most 2 layers",
                "  wholetrace recompress run.wtrace -o small.wtrace --format json | jq .outputBytes"})
public final class RecompressCommand implements Callable<Integer>, FormatOption.Formatted {
    @Parameters(index = "0", paramLabel = "IN", description = "the trace (.wtrace) or grammar file (.wgr) to re-pack")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "the file to write (same kind as IN)")
    Path output;

    @Option(names = "--grammar", paramLabel = "ALGORITHM", converter = GrammarAlgorithmConverter.class,
            completionCandidates = GrammarAlgorithmConverter.class,
            description = "rebuild every grammar with ${COMPLETION-CANDIDATES} (default: keep the grammars as they are)")
    GrammarAlgorithm grammar;

    @Mixin
    GrammarWindowOption window;

    @Option(names = "--addresses", paramLabel = "CODING", converter = AddressCodingConverter.class,
            completionCandidates = AddressCodingConverter.class,
            description = "re-encode a .wtrace's address streams with ${COMPLETION-CANDIDATES} (default: keep them as they are)")
    AddressCoding addresses;

    @Option(names = "--chunk-events", paramLabel = "N",
            description = "merge consecutive chunks of a COR or CDR .wtrace until each holds at least N events (default: keep the chunks)")
    long chunkEvents;

    @Option(names = "--join", description = "with --chunk-events: join the merged chunks' grammars rule by rule instead of rebuilding them from the events")
    boolean join;

    @Mixin
    StrataLayerOptions strataLayers;

    @Mixin
    ForceOption force;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return CommandSummary.FORMATS;
    }

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        OutputFormat outputFormat = format.resolve(CommandSummary.FORMATS); // a wrong --format fails before the work
        OutputFile out = OutputFile.check(output, force.force(), input);
        long t0 = System.nanoTime();
        if (isGrammarFile(input) && addresses != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--addresses re-encodes a .wtrace's address streams; " + input + " is a grammar file");
        }
        if (chunkEvents < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--chunk-events must not be negative");
        if (isGrammarFile(input) && chunkEvents > 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--chunk-events merges a .wtrace's chunks; " + input + " is a grammar file");
        }
        if (join && (chunkEvents == 0 || this.grammar != null || addresses != null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--join goes with --chunk-events, without --grammar and --addresses");
        }
        GrammarAlgorithm windowed = window.apply(this.grammar);
        if (isGrammarFile(input) && windowed == null) strataLayers.onlyWhere(false, "go with --grammar strata on a .wgr");
        java.util.List<String> givenUp = new java.util.ArrayList<>(); // layers the search gave up, said after the input line
        GrammarAlgorithm grammar = isGrammarFile(input) && windowed != null ? strataLayers.grammar(windowed, Codec.BEST, givenUp) : windowed;
        CommandSummary summary = new CommandSummary().put("input", input.toString());
        if (isGrammarFile(input)) {
            GrammarFileRegrammarer.Result r = out.write(tmp -> new GrammarFileRegrammarer(grammar, Codec.BEST).rewrite(input, tmp));
            summary.line("input   %s: %s, %d chunks, %s records", input, Units.bytes(r.inBytes()), r.chunks(), Units.count(r.records()))
                    .put("kind", "grammar file").put("inputBytes", r.inBytes()).put("chunks", r.chunks()).put("records", r.records());
            StrataLayerOptions.report(summary, givenUp);
            grammarLine(summary, grammar, r.grammarsIn(), r.grammarsOut());
            summary.line("output  %s: %s (%s of the input)", output, Units.bytes(r.outBytes()), Units.percent(r.outBytes(), r.inBytes()))
                    .put("output", output.toString()).put("outputBytes", r.outBytes());
        } else if (grammar != null || addresses != null || chunkEvents > 0) {
            strataLayers.onlyWhere(false, "go with a STRATA .wtrace re-packed without --grammar, --addresses and --chunk-events, "
                    + "or with --grammar strata on a .wgr");
            TraceRegrammarer regrammarer = join ? TraceRegrammarer.joining(Codec.BEST, chunkEvents)
                    : new TraceRegrammarer(grammar, addresses, Codec.BEST, chunkEvents);
            TraceRegrammarer.Result r;
            try (Progress progress = new Progress(spec.commandLine().getErr(), "rewriting " + input.getFileName(), 0)) {
                r = out.write(tmp -> regrammarer.progress(progress::at).rewrite(input, tmp));
            }
            summary.line("input   %s: %s, %d chunks, %s events%s", input, Units.bytes(r.inBytes()), r.chunks(),
                    Units.count(r.events()), r.inputComplete() ? "" : " (an unfinished recording)")
                    .put("kind", "trace").put("inputBytes", r.inBytes()).put("chunks", r.chunks()).put("events", r.events())
                    .put("complete", r.inputComplete()).put("chunksOut", r.chunksOut());
            if (r.chunksOut() != r.chunks()) summary.line("chunks  %d merged into %d", r.chunks(), r.chunksOut());
            grammarLine(summary, grammar, r.grammarsIn(), r.grammarsOut());
            summary.line("output  %s: %s (%s of the input), %s", output, Units.bytes(r.outBytes()),
                    Units.percent(r.outBytes(), r.inBytes()), r.inputComplete() ? "complete" : "unfinished, as the input")
                    .put("output", output.toString()).put("outputBytes", r.outBytes());
        } else {
            TraceRepacker.Result r;
            try (TraceReader reader = TraceReader.open(input);
                 Progress progress = FinishedTrace.repacking(input, reader, spec.commandLine().getErr())) {
                // a STRATA recording's outputs take a pass over its events before the first byte is packed
                boolean computes = FinishedTrace.storesOutputs(reader);
                if (computes) progress.step("computing the stored strata outputs", 1, 2);
                Map<SectionType, byte[]> trailer = FinishedTrace.storedOutputs(reader);
                if (computes) progress.step("packing", 2, 2);
                strataLayers.onlyWhere(FinishedRewrite.relayers(reader), "go with a complete STRATA recording of the current format version");
                if (FinishedRewrite.relayers(reader)) { // a STRATA recording: each stream stored with the layers that pack smallest
                    TraceRegrammarer.Result layered = out.write(tmp -> TraceRegrammarer.strataLayers(strataLayers.limits(), Codec.BEST).progress(progress::at)
                            .onGivenUp(givenUp::add).rewrite(input, tmp, trailer));
                    r = new TraceRepacker.Result(layered.chunks(), layered.events(), true, 0, layered.inBytes(), layered.outBytes());
                } else {
                    r = out.write(tmp -> new TraceRepacker(Codec.BEST).progress(progress).repack(reader, tmp, trailer));
                }
            }
            summary.line("input   %s: %s, %d chunks, %s events%s", input, Units.bytes(r.inBytes()), r.chunks(),
                    Units.count(r.events()), r.inputComplete() ? "" : r.ignoredBytes() == 0 ? " (an unfinished recording)"
                            : " (an unfinished recording: the " + r.ignoredBytes() + " bytes after its last complete chunk are dropped)")
                    .put("kind", "trace").put("inputBytes", r.inBytes()).put("chunks", r.chunks()).put("events", r.events())
                    .put("complete", r.inputComplete()).put("droppedTrailingBytes", r.ignoredBytes());
            StrataLayerOptions.report(summary, givenUp);
            summary.line("output  %s: %s (%s of the input), %s", output, Units.bytes(r.outBytes()),
                    Units.percent(r.outBytes(), r.inBytes()), r.inputComplete() ? "complete" : "unfinished, as the input")
                    .put("output", output.toString()).put("outputBytes", r.outBytes());
        }
        sameBytes(summary);
        double seconds = (System.nanoTime() - t0) / 1e9;
        summary.line("time    %.2f s", seconds).put("seconds", seconds);
        summary.write(outputFormat, spec.commandLine().getOut());
        return 0;
    }

    private void grammarLine(CommandSummary summary, GrammarAlgorithm grammar, long before, long after) {
        if (addresses != null) {
            summary.line("address streams re-encoded: %s", addresses.cliName()).put("addresses", addresses.cliName());
        }
        if (grammar == null) return;
        summary.line("grammar %s: %s symbols -> %s (%s)", grammar.label(), Units.count(before), Units.count(after), Units.percent(after, before))
                .put("grammar", grammar.cliName()).put("window", grammar.window()).put("symbolsBefore", before).put("symbolsAfter", after);
    }

    /**
     * Says when the output is the input byte for byte: a trace 'record' had re-packed at exit took
     * 108 s to be written again unchanged, and "100.000% of the input" did not say that nothing was
     * gained (session 45). Not known before the work: the file does not say which codec and outputs a
     * re-pack would choose, so only the result can show it.
     */
    private void sameBytes(CommandSummary summary) throws IOException {
        boolean same = Files.size(input) == Files.size(output) && Files.mismatch(input, output) == -1;
        summary.put("identicalToInput", same);
        if (!same) return;
        summary.line("        the same bytes as the input: it was packed this way already (as 'wholetrace record' re-packs a trace at exit), "
                + "so %s can be deleted; --grammar, --addresses or --chunk-events change a trace further", output);
    }

    /** A .wgr starts with its magic; anything else is taken for a .wtrace (whose reader then checks it). */
    private static boolean isGrammarFile(Path file) throws IOException {
        if (!Files.isRegularFile(file)) return false;
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(GrammarFile.MAGIC.length), GrammarFile.MAGIC);
        }
    }
}
