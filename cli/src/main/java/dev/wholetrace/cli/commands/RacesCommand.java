package dev.wholetrace.cli.commands;

import dev.wholetrace.report.RaceCounts;
import dev.wholetrace.analysis.race.RaceAnalysis;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.cli.Main;
import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.races.RaceFindings;
import dev.wholetrace.report.races.RaceFormats;
import dev.wholetrace.report.races.RaceSuppressions;
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
                "Counts: " + RaceCounts.RACES + ".",
                "",
                "Artifacts (parallel-wpp-compression §4.2): a race one of whose accesses has its address, "
                    + "or whether it runs, decided through local data flow by a value a read of another race "
                    + "loaded is reported as an artifact of that race. This and the array names need the "
                    + "program's class files: they are looked up on the class path the trace recorded, after "
                    + "--classpath.",
                "",
                "In CI: --fail-on-race makes the exit code 1 when a first race (not an artifact) that no "
                    + "--suppress rule matched was found, after the report is written; 0 otherwise; 2 stays for "
                    + "bad input. --format sarif writes SARIF 2.1.0 for code-scanning tools (one result per race, "
                    + "both accesses located in pkg/Cls.java under --source-root). --suppress FILE lists known "
                    + "races, one per line 'Class.method:line <-> Class.method:line' (either order, globs * and ?, "
                    + "':line' optional, # comments): they are still reported, marked and counted as suppressed; "
                    + "a rule that matched nothing is reported as stale. Format: docs/races.md."},
        footer = {"", "Examples:",
                "  wholetrace races run.wtrace",
                "  wholetrace races run.wtrace --format json | jq '.races[0]'",
                "  wholetrace races run.wtrace --fail-on-race --suppress known-races.txt",
                "  wholetrace races run.wtrace --format sarif --source-root src/main/java > races.sarif",
                "",
                "A suppression file:",
                "  # the stats counter is racy on purpose",
                "  Stats.hit:42 <-> Stats.report:57",
                "  app.cache.*.get <-> app.cache.*.put   # any line of these methods"})
public final class RacesCommand implements Callable<Integer>, FormatOption.Formatted {
    /** The exit code of --fail-on-race when it fails. */
    static final int RACES_FOUND = 1;

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

    @Option(names = "--fail-on-race", description = "exit with code 1 when a first race that no --suppress rule matched was found (after the report is written)")
    boolean failOnRace;

    @Option(names = "--suppress", paramLabel = "FILE", description = "known races to mark as suppressed, one per line: Class.method:line <-> Class.method:line (see below)")
    Path suppress;

    @Option(names = "--source-root", paramLabel = "DIR", description = "the directory the sources are under, relative to the repository root (SARIF paths: DIR/pkg/Cls.java; default: none)")
    String sourceRoot = "";

    @Override
    public FormatRegistry<?> formats() {
        return RaceFormats.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        ReportWriter<RaceFindings> writer = RaceFormats.FORMATS.writer(format.resolve(RaceFormats.FORMATS));
        RaceSuppressions suppressions = suppress == null ? RaceSuppressions.none() : RaceSuppressions.read(suppress);
        PrintWriter out = spec.commandLine().getOut();
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        long t0 = System.nanoTime();
        RaceReport report;
        try (Progress progress = new Progress(spec.commandLine().getErr(), "races " + input.getFileName(), 0)) {
            report = new RaceAnalysis(allInstances, !noArtifacts, classpath, progress::at).analyze(trace);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        List<String> threadNames = trace.threads().stream().map(ThreadInfo::label).toList();
        RaceFindings findings = new RaceFindings(input.toString(), threadNames, report, seconds, allInstances, !noArtifacts,
                suppressions.apply(report), sourceRoot, Main.version());
        writer.write(findings, out);
        out.flush();
        int failing = findings.unsuppressedFirstRaces();
        if (!failOnRace || failing == 0) return 0;
        // one line on stderr says why the step failed, also when the report went to a SARIF file
        PrintWriter err = spec.commandLine().getErr();
        err.println("wholetrace: races: " + failing + " data race" + (failing == 1 ? "" : "s") + " found that no suppression matched (--fail-on-race)");
        err.flush();
        return RACES_FOUND;
    }
}
