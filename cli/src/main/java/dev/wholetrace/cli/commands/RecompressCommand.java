package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
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
        description = {"Re-pack a recorded trace (.wtrace) with the strongest codec.",
                "",
                "The recorder seals a chunk every second with a fast codec (xz preset 0, or raw bytes while it "
                        + "cannot keep up), so that a crash loses at most about a second. This rewrites every section "
                        + "with the smaller of zstd -19 and xz -9; chunks, grammars and events are unchanged. An "
                        + "unfinished trace (the program was killed) is rewritten up to its last complete chunk and "
                        + "stays unfinished, so that readers keep warning about it. `wholetrace record` runs this by itself "
                        + "when the program exited normally. The output is written beside its target and renamed into place; "
                        + "an existing OUT is replaced only with --force, and never when it is IN itself."},
        footer = {"", "Examples:",
                "  wholetrace recompress app.wtrace -o app.small.wtrace",
                "  wholetrace recompress crashed.wtrace -o crashed.wtrace.best --force"})
public final class RecompressCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "IN.wtrace", description = "the trace to re-pack")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.wtrace", description = "the trace to write")
    Path output;

    @Mixin
    ForceOption force;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        OutputFile out = OutputFile.check(output, force.force(), input);
        long t0 = System.nanoTime();
        TraceRepacker.Result r = out.write(tmp -> new TraceRepacker(Codec.BEST).repack(input, tmp));
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter text = spec.commandLine().getOut();
        text.printf(Locale.ROOT, "input   %s: %s, %d chunks, %s events%s%n", input, Units.bytes(r.inBytes()), r.chunks(),
                Units.count(r.events()), r.inputComplete() ? "" : r.ignoredBytes() == 0 ? " (an unfinished recording)"
                        : " (an unfinished recording: the " + r.ignoredBytes() + " bytes after its last complete chunk are dropped)");
        text.printf(Locale.ROOT, "output  %s: %s (%s of the input), %s%n", output, Units.bytes(r.outBytes()),
                Units.percent(r.outBytes(), r.inBytes()), r.inputComplete() ? "complete" : "unfinished, as the input");
        text.printf(Locale.ROOT, "time    %.2f s%n", seconds);
        return 0;
    }
}
