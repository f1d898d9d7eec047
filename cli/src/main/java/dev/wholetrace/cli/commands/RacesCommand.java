package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.cli.term.Units;
import dev.wholetrace.core.event.Addresses;
import dev.wholetrace.core.trace.ParallelTrace;
import java.io.PrintWriter;
import java.nio.file.Path;
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
                "shows) and an address. Exit code 0 whether or not races were found."},
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

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ParallelTrace trace = TraceFiles.open(input, spec.commandLine().getErr());
        long t0 = System.nanoTime();
        RaceDetector.Result result = RaceDetector.detect(trace, allInstances);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (json) out.println(json(trace, result, seconds));
        else text(out, trace, result, seconds);
        out.flush();
        return 0;
    }

    private void text(PrintWriter out, ParallelTrace trace, RaceDetector.Result r, double seconds) {
        long dynamic = 0;
        for (Race race : r.races()) dynamic += race.count();
        RaceDetector.Stats s = r.stats();
        out.printf(Locale.ROOT, "%s: %d threads, %s segments, %s accesses read as %s progressions (%.2f s)%n",
                TraceFiles.oneLine(input.toString()), trace.threads().size(), Units.count(s.segments()), Units.count(s.accesses()),
                Units.count(s.progressions()), seconds);
        if (r.races().isEmpty()) {
            out.println("no apparent data races");
            return;
        }
        out.printf(Locale.ROOT, "%d apparent data race%s: %d pair%s of instructions, %s dynamic instances%n", r.races().size(),
                r.races().size() == 1 ? "" : "s", r.races().size(), r.races().size() == 1 ? "" : "s", Units.count(dynamic));
        int n = 0;
        for (Race race : r.races()) {
            Race.Instance e = race.example();
            RaceAccess a = RaceAccess.of(trace.code().instruction(race.a()), race.a(), e.address());
            RaceAccess b = RaceAccess.of(trace.code().instruction(race.b()), race.b(), e.address());
            out.println();
            out.printf(Locale.ROOT, "#%d  %-5s %-28s at %s%n", ++n, a.access(), a.target(), a.where());
            out.printf(Locale.ROOT, "    %-5s %-28s at %s%n", b.access(), b.target(), b.where());
            out.printf(Locale.ROOT, "    %s dynamic instance%s; e.g. %s and %s at %s%n", Units.count(race.count()), race.count() == 1 ? "" : "s",
                    side(trace, e.threadA(), e.segmentA()), side(trace, e.threadB(), e.segmentB()), Addresses.format(e.address()));
            for (Race.Instance i : race.instances()) {
                out.printf(Locale.ROOT, "      %s and %s: %s pair%s, e.g. at %s%n", side(trace, i.threadA(), i.segmentA()),
                        side(trace, i.threadB(), i.segmentB()), Units.count(i.pairs()), i.pairs() == 1 ? "" : "s", Addresses.format(i.address()));
            }
        }
    }

    private static String side(ParallelTrace trace, int thread, long segment) {
        return "thread " + thread + " (" + TraceFiles.oneLine(trace.threads().get(thread).name()) + ") segment " + segment;
    }

    private String json(ParallelTrace trace, RaceDetector.Result r, double seconds) {
        Json j = new Json();
        j.array("races");
        long dynamic = 0;
        for (Race race : r.races()) {
            dynamic += race.count();
            Race.Instance e = race.example();
            j.element();
            access(j.object("a"), RaceAccess.of(trace.code().instruction(race.a()), race.a(), e.address())).end();
            access(j.object("b"), RaceAccess.of(trace.code().instruction(race.b()), race.b(), e.address())).end();
            j.field("count", race.count()).field("artifactOf", (String) null);
            instance(j.object("example"), e).end();
            if (allInstances) {
                j.array("instances");
                for (Race.Instance i : race.instances()) instance(j.element(), i).end();
                j.endArray();
            }
            j.end();
        }
        j.endArray();
        RaceDetector.Stats s = r.stats();
        j.object("summary").field("file", input.toString()).field("threads", trace.threads().size()).field("races", r.races().size())
                .field("dynamicInstances", dynamic).field("segments", s.segments()).field("accesses", s.accesses())
                .field("progressions", s.progressions()).field("comparedPairs", s.compared())
                .field("seconds", String.format(Locale.ROOT, "%.3f", seconds)).end();
        return j.toString();
    }

    private static Json access(Json j, RaceAccess a) {
        return j.field("class", a.className()).field("method", a.method()).field("line", a.line()).field("bci", a.bci())
                .field("access", a.access()).field("target", a.target());
    }

    private static Json instance(Json j, Race.Instance i) {
        return j.field("threadA", i.threadA()).field("segmentA", i.segmentA()).field("threadB", i.threadB()).field("segmentB", i.segmentB())
                .field("address", Addresses.format(i.address())).field("pairs", i.pairs());
    }
}
