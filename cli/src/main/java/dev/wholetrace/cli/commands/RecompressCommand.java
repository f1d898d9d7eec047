package dev.wholetrace.cli.commands;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.report.Units;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
                        + "unfinished trace (the program was killed) is rewritten up to its last complete chunk and the "
                        + "output is a complete trace. The output is written beside its target and renamed into place; "
                        + "an existing OUT is replaced only with --force, and never when it is IN itself."},
        footer = {"", "Examples:",
                "  wholetrace recompress app.wtrace -o app.small.wtrace",
                "  wholetrace recompress crashed.wtrace -o crashed.wtrace.best --force"})
public final class RecompressCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "IN.wtrace", description = "the trace to re-pack")
    Path input;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.wtrace", description = "the trace to write")
    Path output;

    @Option(names = "--force", description = "replace OUT if it exists (a regular file only)")
    boolean force;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        checkOutput();
        long t0 = System.nanoTime();
        TraceRepacker.Result r = writeBeside(output, tmp -> new TraceRepacker(Codec.BEST).repack(input, tmp));
        double seconds = (System.nanoTime() - t0) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "input   %s: %s, %d chunks, %s events%s%n", input, Units.bytes(r.inBytes()), r.chunks(),
                Units.count(r.events()), r.inputComplete() ? "" : r.ignoredBytes() == 0 ? " (an unfinished recording)"
                        : " (an unfinished recording: the " + r.ignoredBytes() + " bytes after its last complete chunk are dropped)");
        out.printf(Locale.ROOT, "output  %s: %s (%s of the input), complete%n", output, Units.bytes(r.outBytes()),
                Units.percent(r.outBytes(), r.inBytes()));
        out.printf(Locale.ROOT, "time    %.2f s%n", seconds);
        return 0;
    }

    /** Refuses what must not be replaced: a directory, a device, the input itself, an existing file without --force. */
    private void checkOutput() throws IOException {
        if (!Files.exists(output, LinkOption.NOFOLLOW_LINKS)) return;
        if (!Files.isRegularFile(output)) throw new IllegalArgumentException(output + " exists and is not a regular file; not replacing it");
        if (Files.exists(input) && Files.isSameFile(input, output)) {
            throw new IllegalArgumentException(output + " is the input; write the re-packed trace elsewhere");
        }
        if (!force) throw new IllegalArgumentException(output + " exists (--force replaces it)");
    }

    /** Writes a file through {@code write} into a temporary file beside {@code target}, then renames it over the target. */
    private static <T> T writeBeside(Path target, FileWrite<T> write) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new IllegalArgumentException("cannot write " + target + ": no directory " + dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".partial");
        try {
            T result = write.to(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return result;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes the output into the file it is given. */
    @FunctionalInterface
    private interface FileWrite<T> {
        T to(Path file) throws IOException;
    }
}
