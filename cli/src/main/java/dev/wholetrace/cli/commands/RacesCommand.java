package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceAnalysis;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.cli.term.Units;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.reader.ParallelTrace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace races FILE}: apparent data races, found on the compressed trace. */
@Command(name = "races", mixinStandardHelpOptions = true,
        description = {"Report the apparent data races of a recorded execution (CDR or ALL mode).",
                "",
                "Two accesses race when different threads touch the same heap location, at least",
                "one writes, and no synchronization the trace records orders them (happens-before",
                "from locks, barriers, fork/join, volatile accesses, latches, semaphores, executor",
                "hand-offs and class initialisation: docs/trace-model.md). The detector works on",
                "the compressed trace: it reads each synchronization segment's accesses from the",
                "grammars as address progressions and compares only concurrent segments.",
                "",
                "One finding per pair of instructions, with its dynamic instances (racing access",
                "pairs) and one example: the two threads, their segment numbers (segment k lies",
                "between a thread's sync operations k-1 and k, as 'segment --thread T k-1 k'",
                "shows) and an address. A field shows as Class.field, an array element as its",
                "type and index, after the field the array was loaded from when the bytecode",
                "shows it (Grid.cells:double[][40]).",
                "",
                "Artifacts (parallel-wpp-compression §4.2): a race one of whose accesses has its",
                "address, or whether it runs, decided through local data flow by a value a read of",
                "another race loaded is reported as an artifact of that race. This and the array",
                "names need the program's class files: they are looked up on the class path the",
                "trace recorded, after --classpath. Exit code 0 whether or not races were found."},
        footer = {"", "Examples:",
                "  wholetrace races run.wtrace",
                "  wholetrace races run.wtrace --json | jq '.races[0]'"})
public final class RacesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace, recorded with --mode cdr or all)")
    Path input;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Option(names = "--all-instances", description = "list every pair of concurrent segments in which each pair of instructions raced")
    boolean allInstances;

    @Option(names = "--no-artifacts", description = "report every race as a first race (no bytecode analysis)")
    boolean noArtifacts;

    @Option(names = "--classpath", split = ":", paramLabel = "PATH", description = "where else to look for the program's class files (directories and jars, ':'-separated)")
    List<Path> classpath = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        long t0 = System.nanoTime();
        RaceReport report = new RaceAnalysis(allInstances, !noArtifacts, classpath).analyze(trace);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (json) out.println(json(trace, report, seconds));
        else text(out, trace, report, seconds);
        out.flush();
        return 0;
    }

    private void text(PrintWriter out, ParallelTrace trace, RaceReport r, double seconds) {
        long dynamic = 0;
        int artifacts = 0;
        for (RaceReport.Finding f : r.findings()) {
            dynamic += f.count();
            if (f.artifactOf() != null) artifacts++;
        }
        RaceDetector.Stats s = r.stats();
        out.printf(Locale.ROOT, "%s: %d threads, %s segments, %s accesses read as %s progressions (%.2f s)%n",
                TraceFiles.oneLine(input.toString()), trace.threads().size(), Units.count(s.segments()), Units.count(s.accesses()),
                Units.count(s.progressions()), seconds);
        if (r.findings().isEmpty()) {
            out.println("no apparent data races");
            return;
        }
        int n = r.findings().size();
        out.printf(Locale.ROOT, "%d apparent data race%s (pairs of instructions): %d first, %d artifact%s; %s dynamic instances%n", n,
                n == 1 ? "" : "s", n - artifacts, artifacts, artifacts == 1 ? "" : "s", Units.count(dynamic));
        if (r.note() != null && !noArtifacts) out.println("note: " + r.note());
        for (int k = 0; k < n; k++) {
            RaceReport.Finding f = r.findings().get(k);
            Race.Instance e = f.example();
            out.println();
            out.printf(Locale.ROOT, "#%d  %-5s %-28s at %s%s%n", k + 1, f.a().access(), f.a().target(), where(f.a()),
                    f.artifactOf() == null ? "" : "   (artifact of #" + (f.artifactOf() + 1) + ")");
            out.printf(Locale.ROOT, "    %-5s %-28s at %s%n", f.b().access(), f.b().target(), where(f.b()));
            out.printf(Locale.ROOT, "    %s dynamic instance%s; e.g. %s and %s at %s%n", Units.count(f.count()), f.count() == 1 ? "" : "s",
                    side(trace, e.threadA(), e.segmentA()), side(trace, e.threadB(), e.segmentB()), Addresses.format(e.address()));
            for (Race.Instance i : f.instances()) {
                out.printf(Locale.ROOT, "      %s and %s: %s pair%s, e.g. at %s%n", side(trace, i.threadA(), i.segmentA()),
                        side(trace, i.threadB(), i.segmentB()), Units.count(i.pairs()), i.pairs() == 1 ? "" : "s", Addresses.format(i.address()));
            }
        }
    }

    private static String where(RaceReport.Side s) {
        String simple = s.className().substring(s.className().lastIndexOf('.') + 1);
        return simple + "." + s.method() + (s.line() > 0 ? ":" + s.line() : "") + (s.bci() >= 0 ? " (bci " + s.bci() + ")" : "");
    }

    private static String side(ParallelTrace trace, int thread, long segment) {
        return "thread " + thread + " (" + TraceFiles.oneLine(trace.threads().get(thread).name()) + ") segment " + segment;
    }

    private String json(ParallelTrace trace, RaceReport r, double seconds) {
        Json j = new Json();
        j.array("races");
        long dynamic = 0;
        int artifacts = 0;
        for (RaceReport.Finding f : r.findings()) {
            dynamic += f.count();
            j.element();
            access(j.object("a"), f.a()).end();
            access(j.object("b"), f.b()).end();
            j.field("count", f.count());
            if (f.artifactOf() == null) {
                j.field("artifactOf", (String) null);
            } else {
                j.field("artifactOf", f.artifactOf());
                artifacts++;
            }
            instance(j.object("example"), f.example()).end();
            if (allInstances) {
                j.array("instances");
                for (Race.Instance i : f.instances()) instance(j.element(), i).end();
                j.endArray();
            }
            j.end();
        }
        j.endArray();
        RaceDetector.Stats s = r.stats();
        j.object("summary").field("file", input.toString()).field("threads", trace.threads().size()).field("races", r.findings().size())
                .field("firstRaces", r.findings().size() - artifacts).field("artifacts", artifacts)
                .field("dynamicInstances", dynamic).field("segments", s.segments()).field("accesses", s.accesses())
                .field("progressions", s.progressions()).field("comparedPairs", s.compared())
                .field("artifactsClassified", !noArtifacts && r.note() == null).field("note", noArtifacts ? null : r.note())
                .field("seconds", String.format(Locale.ROOT, "%.3f", seconds)).end();
        return j.toString();
    }

    private static Json access(Json j, RaceReport.Side a) {
        return j.field("class", a.className()).field("method", a.method()).field("line", a.line()).field("bci", a.bci())
                .field("access", a.access()).field("target", a.target());
    }

    private static Json instance(Json j, Race.Instance i) {
        return j.field("threadA", i.threadA()).field("segmentA", i.segmentA()).field("threadB", i.threadB()).field("segmentB", i.segmentB())
                .field("address", Addresses.format(i.address())).field("pairs", i.pairs());
    }
}
