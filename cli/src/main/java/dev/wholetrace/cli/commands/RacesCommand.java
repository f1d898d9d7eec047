package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.race.RaceAnalysis;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.races.RaceFindings;
import dev.wholetrace.report.races.RaceFormats;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace races FILE}: apparent data races, found on the compressed trace. */
@Command(name = "races", mixinStandardHelpOptions = true,
        description = {"Report the apparent data races of a recorded execution (CDR or ALL mode).",
                "",
                "Two accesses race when different threads touch the same heap location, at least one "
                    + "writes, and no synchronization the trace records orders them (happens-before from locks, "
                    + "barriers, fork/join, volatile accesses, latches, semaphores, executor hand-offs and "
                    + "class initialisation: docs/trace-model.md). The detector works on the compressed trace: "
                    + "it reads each synchronization segment's accesses from the grammars as address "
                    + "progressions and compares only concurrent segments.",
                "",
                "One finding per pair of instructions, with its dynamic instances (racing access pairs) "
                    + "and one example: the two threads, their segment numbers (segment k lies between a "
                    + "thread's sync operations k-1 and k, as 'segment --thread T k-1 k' shows) and an address. "
                    + "A field shows as Class.field, an array element as its type and index, after the field "
                    + "the array was loaded from when the bytecode shows it (Grid.cells:double[][40]).",
                "",
                "Artifacts (parallel-wpp-compression §4.2): a race one of whose accesses has its address, "
                    + "or whether it runs, decided through local data flow by a value a read of another race "
                    + "loaded is reported as an artifact of that race. This and the array names need the "
                    + "program's class files: they are looked up on the class path the trace recorded, after "
                    + "--classpath. Exit code 0 whether or not races were found."},
        footer = {"", "Examples:",
                "  wholetrace races run.wtrace",
                "  wholetrace races run.wtrace --format json | jq '.races[0]'"})
public final class RacesCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace, recorded with --mode cdr or all)")
    Path input;

    @Mixin
    FormatOption.WithJsonAlias format;

    @Option(names = "--all-instances", description = "list every pair of concurrent segments in which each pair of instructions raced")
    boolean allInstances;

    @Option(names = "--no-artifacts", description = "report every race as a first race (no bytecode analysis)")
    boolean noArtifacts;

    @Option(names = "--classpath", split = ":", paramLabel = "PATH", description = "where else to look for the program's class files (directories and jars, ':'-separated)")
    List<Path> classpath = new ArrayList<>();

    @Override
    public FormatRegistry<?> formats() {
        return RaceFormats.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        ReportWriter<RaceFindings> writer = RaceFormats.FORMATS.writer(format.resolve(RaceFormats.FORMATS));
        PrintWriter out = spec.commandLine().getOut();
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        long t0 = System.nanoTime();
        RaceReport report;
        try (Progress progress = new Progress(spec.commandLine().getErr(), "races " + input.getFileName(), 0)) {
            report = new RaceAnalysis(allInstances, !noArtifacts, classpath, progress::at).analyze(trace);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        List<String> threadNames = trace.threads().stream().map(ThreadInfo::name).toList();
        writer.write(new RaceFindings(input.toString(), threadNames, report, seconds, allInstances, !noArtifacts), out);
        out.flush();
        return 0;
    }
}
