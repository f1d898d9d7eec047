package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.importers.CompressedTrace;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "expand", mixinStandardHelpOptions = true,
        description = {"Expand a grammar file back to its raw trace.",
                "",
                "u32/u64: byte-identical to the compressed input. lackey-sb/lackey-mem: the exact record "
                    + "sequence as 13-byte little-endian records "
                           + "(u8 kind, u64 address, u32 size; docs/formats.md)."},
        footer = {"", "Examples:",
                "  wholetrace expand trace.wgr -o trace.u32",
                "  wholetrace expand run.wgr -o - | xxd | head",
                "  wholetrace expand trace.wgr -o trace.u32 --force   # replace trace.u32"})
public final class ExpandCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "IN.wgr", description = "the grammar file")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "RAW", description = "where to write the trace ('-' for stdout)")
    String output;

    @Mixin
    ForceOption force;

    @Override
    public Integer call() throws Exception {
        OutputFile target = output.equals("-") ? null : OutputFile.check(Path.of(output), force.force(), input);
        CompressedTrace trace = CompressedTrace.read(input);
        if (target == null) {
            OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
            trace.expandTo(out);
            out.flush(); // a write error on stdout is Main's to report
        } else {
            target.writeStream(trace::expandTo);
        }
        return 0;
    }
}
