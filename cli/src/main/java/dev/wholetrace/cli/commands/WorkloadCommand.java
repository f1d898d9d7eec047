package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.FinishedTrace;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wholetrace workload NAME}: runs a built-in kernel in a JVM of its own (the kernels live in
 * the workloads jar, not in the CLI), plainly or, with {@code -o}, under the agent, and then
 * summarises the trace.
 */
@Command(name = "workload", mixinStandardHelpOptions = true,
        description = {"Run one of the built-in parallel kernels, plainly or recorded with -o.",
                "",
                "The kernels are Java ports of the programs of parallel-wpp-compression Table 1; each "
                    + "starts its own worker threads, synchronises as the original does, checks its result and "
                    + "prints one line with it (the same line for every thread count).",
                "Per kernel: what it computes; what --size counts (default, range); how it syncs:",
                "  fft    SPLASH-2 1-D six-step FFT; log2 of the points (16, 4..22); barriers",
                "  lu     SPLASH-2 blocked dense LU; matrix order (256, 16..2048); barriers",
                "  mp3d   SPLASH particle flow; particles (50000, 64..2000000); cell locks, barriers",
                "  water  SPLASH molecular dynamics; molecules (64, 8..4096); molecule locks, barriers",
                "  sor    TreadMarks red-black SOR; grid side (100, 3..4096); barriers",
                "--threads is 1.." + KernelRange.MAX_THREADS + "; --steps, the number of iterations or time steps, is 1.."
                    + KernelRange.MAX_STEPS + " (the kernel's default when omitted). The ranges keep a run within a few "
                    + "hundred MB and minutes; a kernel may ask for more threads than rows or blocks to share.",
                "",
                "With -o the kernel runs under the agent (only its own classes instrumented) and the "
                    + "trace is summarised afterwards; 'wholetrace stats FILE' shows it in full. The trace file is "
                    + "checked before the kernel starts; an existing one is replaced only with --force."},
        footer = {"", "Examples:",
                "  wholetrace workload fft --threads 4",
                "  wholetrace workload sor --threads 8 --steps 20 -o sor.wtrace --mode all",
                "  wholetrace workload fft -o fft.wtrace --force   # record again over fft.wtrace",
                "  wholetrace workload lu -o lu.wtrace --mode strata --events 1000000   # a chunk per million events, not per second",
                "  wholetrace workload lu -o lu.wtrace --format json | jq .trace.events   # the kernel's output and the trace as JSON"})
public final class WorkloadCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "fft, lu, mp3d, water or sor")
    String name;

    @Option(names = "--threads", defaultValue = "4", paramLabel = "N", description = "worker threads, 1..512 (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--size", paramLabel = "S", description = "problem size in the kernel's unit, range per kernel above (default: the kernel's)")
    Integer size;

    @Option(names = "--steps", paramLabel = "K", description = "iterations or time steps, 1..10000 (default: the kernel's)")
    Integer steps;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "record the run into this trace (.wtrace), re-packed with the strongest codec after the kernel exits")
    Path out;

    @Mixin
    ForceOption force;

    @Option(names = "--mode", defaultValue = "cdr", paramLabel = "MODE", description = "with -o: cor, dor, cdr, all, strata or ewpp (default: ${DEFAULT-VALUE})")
    String mode;

    @Mixin
    EwppFilterOption filter;

    @Mixin
    ChunkEventsOption events;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return CommandSummary.FORMATS;
    }

    @Option(names = "--java", paramLabel = "PATH", description = "the java launcher (default: the one running this command)")
    Path java;

    @Option(names = "--agent", paramLabel = "JAR", description = "the agent jar (default: found next to this build, or $WHOLETRACE_AGENT)")
    Path agent;

    @Option(names = "--workloads", paramLabel = "JAR", description = "the workloads jar (default: found next to this build, or $WHOLETRACE_WORKLOADS)")
    Path workloads;

    @Override
    public Integer call() throws Exception {
        KernelRange.byName(name).check(threads, size, steps);
        if (out != null) OutputFile.checkWritableInPlace(out, force.force());
        if (out == null && events.events != null) throw new IllegalArgumentException("--events needs -o (it says how the recording's chunks are sealed)");
        String agentArg = out == null ? null : filter.apply(events.apply(KernelLauncher.agentOptions(out, TraceMode.parse(mode))), TraceMode.parse(mode), spec.commandLine().getErr())
                .javaagent(BuildJars.agentJar(agent, "--agent"));
        List<String> cmd = KernelLauncher.command(java, agentArg, workloads, name, threads, size, steps);
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        OutputFormat summaryFormat = format.resolve(CommandSummary.FORMATS);
        boolean text = CommandSummary.isText(summaryFormat);
        // JSON: standard output is one object, so the kernel's own output is kept and put in it.
        StringWriter kernelOutput = new StringWriter();
        stdout.flush();
        int exit = KernelLauncher.run(cmd, text ? stdout : new PrintWriter(kernelOutput), err);
        CommandSummary summary = new CommandSummary().put("kernel", name).put("threads", threads).put("exit", exit)
                .put("output", kernelOutput.toString());
        if (size != null) summary.put("size", size);
        if (steps != null) summary.put("steps", steps);
        if (exit == 0 && out != null) {
            FinishedTrace.repack(out, err);
            ParallelTrace trace = TraceFiles.open(out, err);
            CommandSummary traceSummary = TraceSummary.of(trace, name + " with " + threads + " threads");
            if (text) traceSummary.write(summaryFormat, stdout);
            else summary.put("trace", out.toString()).object("recording").putAll(traceSummary);
        }
        if (!text) summary.write(summaryFormat, stdout);
        stdout.flush();
        return exit;
    }
}
