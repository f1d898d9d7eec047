package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.CompressedTraceReader;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.io.IOException;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "expand", mixinStandardHelpOptions = true,
        description = {"Expand a grammar file back to its raw trace.",
                "",
                "u32/u64: byte-identical to the compressed input. lackey-sb/lackey-mem: the exact record "
                    + "sequence as 13-byte little-endian records "
                           + "(u8 kind, u64 address, u32 size; docs/formats.md).",
                "",
                "The file is read one chunk at a time, so a grammar file of any size expands in bounded memory. A cut file is an error; --partial expands its complete chunks.",
                "",
                "With -o FILE one summary line follows on standard output (records, chunks, bytes; --format json: one object). "
                    + "With -o - standard output is the trace itself and nothing else is written there."},
        footer = {"", "Examples:",
                "  wholetrace expand trace.wgr -o trace.u32",
                "  wholetrace expand run.wgr -o - | xxd | head",
                "  wholetrace expand trace.wgr -o trace.u32 --force   # replace trace.u32",
                "  wholetrace expand cut.wgr -o rescued.u32 --partial   # what a cut file still holds",
                "  wholetrace expand trace.wgr -o trace.u32 --format json | jq .records"})
public final class ExpandCommand implements Callable<Integer>, FormatOption.Formatted {
    @Parameters(index = "0", paramLabel = "IN.wgr", description = "the grammar file")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "RAW", description = "where to write the trace ('-' for stdout)")
    String output;

    @Option(names = "--partial", description = "expand the complete chunks of a cut file (with a warning) instead of refusing it")
    boolean partial;

    @Spec
    CommandSpec spec;

    @Mixin
    ForceOption force;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return CommandSummary.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        OutputFormat summaryFormat = format.resolve(CommandSummary.FORMATS);
        if (output.equals("-") && format.name != null) {
            throw new IllegalArgumentException("--format is for the summary of -o FILE; with -o - standard output is the trace itself");
        }
        OutputFile target = output.equals("-") ? null : OutputFile.check(Path.of(output), force.force(), input);
        try (CompressedTraceReader in = CompressedTraceReader.open(input, partial)) {
            if (target == null) {
                OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
                expand(in, out);
                out.flush(); // a write error on stdout is Main's to report
            } else {
                target.writeStream(out -> expand(in, out));
            }
            if (in.truncation() != null) {
                spec.commandLine().getErr().printf("wholetrace: warning: %s; expanded its %d complete chunks (%d records)%n",
                        in.truncation(), in.chunks(), in.records());
            }
            if (target != null) {
                long bytes = java.nio.file.Files.size(Path.of(output));
                new CommandSummary()
                        .line("expanded %s: %d records in %d chunk%s%s -> %s: %d bytes", input, in.records(), in.chunks(), in.chunks() == 1 ? "" : "s",
                                in.truncation() == null ? "" : " (its complete chunks only)", output, bytes)
                        .put("input", input.toString()).put("records", in.records()).put("chunks", in.chunks())
                        .put("complete", in.truncation() == null).put("output", output).put("outputBytes", bytes)
                        .write(summaryFormat, spec.commandLine().getOut());
            }
        }
        return 0;
    }

    /** Writes every chunk's records in order; one chunk is in memory at a time. */
    private static void expand(CompressedTraceReader in, OutputStream out) throws IOException {
        CompressedTrace chunk;
        while ((chunk = in.next()) != null) chunk.expandTo(out);
    }
}
