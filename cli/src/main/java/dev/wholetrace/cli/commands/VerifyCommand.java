package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.verify.Verification;
import dev.wholetrace.analysis.verify.Verifier;
import dev.wholetrace.cli.Main;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.verify.VerifyFormats;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace verify FILE}: the full structural check of a trace or grammar file. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Check a trace (.wtrace) or grammar file (.wgr) in full and say what is wrong where.",
                "",
                "Every command checks a file's structure before it answers (every section's CRC, every "
                    + "thread's sections present for its mode, symbols in range, counts that agree, the sync "
                    + "order against each thread's WPP: docs/trace-format.md, \"Reading rules\"). verify does "
                    + "that and more: it expands every thread's events through each of its WPPs, decoding every "
                    + "address stream, and counts them against the file; a grammar file is decoded and expanded "
                    + "in full.",
                "",
                "A valid file: one line saying what it holds, exit code 0. An unfinished recording is valid "
                    + "(its complete chunks are checked). A damaged file: one line naming the section, chunk, "
                    + "thread and file offset where the damage was found, exit code 2 (with --format json the "
                    + "object on stdout has \"valid\": false and the \"error\")."},
        footer = {"", "Examples:",
                "  wholetrace verify run.wtrace",
                "  wholetrace verify trace.wgr",
                "  wholetrace verify run.wtrace --format json | jq .valid"})
public final class VerifyCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace) or grammar file (.wgr)")
    Path input;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return VerifyFormats.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        OutputFormat chosen = format.resolve(VerifyFormats.FORMATS);
        ReportWriter<Verification> writer = VerifyFormats.FORMATS.writer(chosen);
        Verification v = Verifier.verify(input);
        String error = v.valid() ? null : (v.error().contains(input.getFileName().toString()) ? v.error() : input.getFileName() + ": " + v.error());
        if (error != null && chosen == OutputFormat.TEXT) throw new FormatException(error); // Main: one line, exit 2
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (error == null && !v.complete()) TraceFiles.warnIncomplete(input, "verified", v.chunks(), "", err);
        writer.write(v, out);
        if (error == null) return 0;
        err.println("wholetrace: " + error);
        err.flush();
        return Main.BAD_INPUT;
    }
}
