package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.std.StdEvents;
import dev.wholetrace.analysis.timeline.Timeline;
import dev.wholetrace.analysis.timeline.TimelineAxis;
import dev.wholetrace.analysis.timeline.WindowBound;
import dev.wholetrace.analysis.timeline.TimelineExport;
import dev.wholetrace.analysis.timeline.TimelineInfo;
import dev.wholetrace.analysis.timeline.TimelineSink;
import dev.wholetrace.analysis.timeline.TimelineSummary;
import dev.wholetrace.analysis.timeline.Slice;
import dev.wholetrace.cli.io.CheckedOutputStream;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.analysis.std.StdExport;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;
import dev.wholetrace.report.std.StdFormats;
import dev.wholetrace.report.timeline.TimelineFormats;
import dev.wholetrace.report.timeline.TimelineWriter;
import java.io.OutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wholetrace export FILE --format std|chrome|perfetto}: the execution as RAPID's STD text
 * trace, or as a timeline for trace viewers (docs/timeline.md).
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a recorded execution in another tool's format: std (CDR or ALL mode), chrome or perfetto (any mode).",
                "",
                "chrome and perfetto: a timeline for ui.perfetto.dev or chrome://tracing (docs/timeline.md). One track per "
                    + "thread with a slice for each segment between its sync operations (its events counted), each sync "
                    + "operation, and each lock or monitor held; a flow arrow for each happens-before hand-over (unlock -> "
                    + "next lock, fork -> begin, end -> join, volatile write -> a later read, count-down -> await, release -> "
                    + "acquire) and one chain through each barrier episode's passes; a counter per thread of its events per "
                    + "sync operation of the program. By default time is the sync order, not wall-clock time: sync operation i sits at "
                    + "(i+1) us; --axis clock draws the recording's clock instead. --from/--to draw a window (entries or times). Above --max-ops sync operations each thread's operations are aggregated into bins (said on "
                    + "standard error and in the file); chrome JSON is for small traces, perfetto is compact.",
                "",
                "std (the default): RAPID's standard format, one event per line, THREAD|OP(ARG)|LOCATION, so "
                    + "that other race detectors can cross-check 'wholetrace races'. Threads are T<index>; "
                    + "accesses r(V<object>_<offset>)/w(...); the location is the instruction id (the code map: "
                    + "'wholetrace dump'); the events are interleaved in one order consistent with every "
                    + "thread's program order and the sync order. STD has only locks and fork/join, so the "
                    + "other sync kinds become lock operations that carry the same happens-before edges:",
                "  lock/unlock, write lock/unlock       acq(L<object>) / rel(L<object>)",
                "  read lock/unlock of thread t         acq(R<object>_<t>) / rel(R<object>_<t>)",
                "  (a write lock also takes R<object>_<r> of every thread r that read-locks the object)",
                "  fork / join of a thread              fork(T<child>) / join(T<child>)",
                "  volatile, semaphore, task, class init: an acquire by thread r is acq+rel of A<object>_<r>;",
                "    a release is acq+rel of A<object>_<r> for every thread r that acquires the object",
                "  any other release or acquire         acq+rel of S<object>[_<phase>]",
                "  a barrier episode                    acq+rel of B<object>_<episode>, twice",
                "A release or acquire is written at the operation, a thread's accesses before its next "
                    + "one (after its last one: right after it). A barrier episode is written at its first "
                    + "pass as every participant's accesses before the barrier and acq+rel (its arrival), then "
                    + "at each pass as that participant's acq+rel again (its departure). Locks form a "
                    + "well-formed lock trace, as RAPID's WCP, SHB and LockSet engines require: readers hold "
                    + "distinct locks, nested acquires are not written (docs/races.md).",
                "",
                "A release or acquire written as a lock's acq+rel also orders an earlier acquire before a "
                    + "later release of the same object: STD can express no weaker edge, so the export may hide "
                    + "a race the trace shows, never invent one."},
        footer = {"", "Examples:",
                "  wholetrace export run.wtrace --format perfetto -o run.pftrace  # ui.perfetto.dev",
                "  wholetrace export run.wtrace --format chrome -o run.json --max-ops 20000",
                "  wholetrace export run.wtrace --format chrome -o part.json --from 5000 --to 5999",
                "  wholetrace export run.wtrace --format perfetto -o t.pftrace --axis clock --from 2s --to 2.5s",
                "  wholetrace export run.wtrace -o run.std",
                "  wholetrace export run.wtrace -o run.std --force   # replace run.std",
                "  java -cp rapid.jar HB -f std -p run.std"})
public final class ExportCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Mixin
    FormatOption format;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output (an existing file only with --force)")
    Path out;

    @Mixin
    ForceOption force;

    @Option(names = "--max-ops", paramLabel = "N", description = "chrome and perfetto: draw at most N sync operations one by one; "
            + "above that, aggregate (default: " + CHROME_MAX_OPS + " for chrome, " + PERFETTO_MAX_OPS + " for perfetto)")
    Long maxOps;

    @Option(names = "--from", paramLabel = "I|TIME", description = "chrome and perfetto: draw the sync order from its entry I on, or from "
            + "the first operation at or after TIME since the recording's start (1.5s, 250ms, 40us; version-5 traces) (default: the first)")
    String from;

    @Option(names = "--to", paramLabel = "J|TIME", description = "chrome and perfetto: draw the sync order up to its entry J, included, or up to "
            + "the last operation at or before TIME (default: the last)")
    String to;

    @Option(names = "--axis", paramLabel = "order|clock", description = "chrome and perfetto: what the time axis shows: order (sync operation i "
            + "at (i+1) us; the default, every trace) or clock (the recording's clock, version-5 traces; a burst of more than one "
            + "operation per microsecond is drawn stretched, each operation keeps its recorded time in clock_us)")
    String axis;

    static final long CHROME_MAX_OPS = 100_000;
    static final long PERFETTO_MAX_OPS = 1_000_000;

    /** Every format export writes: RAPID's STD, then the timeline formats. */
    private static final FormatRegistry<OutputFormat> FORMATS = formats(StdFormats.FORMATS.formats(), TimelineFormats.FORMATS.formats());

    private static FormatRegistry<OutputFormat> formats(java.util.List<OutputFormat> std, java.util.List<OutputFormat> timeline) {
        FormatRegistry<OutputFormat> all = new FormatRegistry<>("export");
        for (OutputFormat f : std) all.register(f, f);
        for (OutputFormat f : timeline) all.register(f, f);
        return all;
    }

    @Override
    public FormatRegistry<?> formats() {
        return FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        OutputFormat chosen = format.resolve(FORMATS);
        if (!StdFormats.FORMATS.formats().contains(chosen)) return timeline(chosen);
        if (maxOps != null || from != null || to != null || axis != null) {
            throw new IllegalArgumentException((maxOps != null ? "--max-ops" : from != null ? "--from" : to != null ? "--to" : "--axis")
                    + " applies to the timeline formats (chrome, perfetto), not " + chosen.name());
        }
        ReportWriter<StdEvents> writer = StdFormats.FORMATS.writer(chosen);
        OutputFile target = out == null ? null : OutputFile.check(out, force.force(), input);
        ParallelTrace trace = TraceFiles.openWithCode(input, spec.commandLine().getErr()); // STD's locations are ids, but the verdict is stats'
        StdEvents events = new StdExport().analyze(trace);
        if (target != null) {
            target.writeText(w -> writer.write(events, w));
        } else {
            PrintWriter w = spec.commandLine().getOut();
            writer.write(events, w);
            w.flush();
        }
        return 0;
    }

    /** chrome or perfetto: the timeline streamed into the file (or standard output). */
    private int timeline(OutputFormat chosen) throws Exception {
        TimelineWriter writer = TimelineFormats.FORMATS.writer(chosen);
        long limit = maxOps != null ? maxOps : chosen == TimelineFormats.CHROME ? CHROME_MAX_OPS : PERFETTO_MAX_OPS;
        if (limit < 1) throw new IllegalArgumentException("--max-ops must be at least 1, not " + limit);
        TimelineExport export = new TimelineExport(limit, from == null ? null : WindowBound.parse("--from", from), // checks the window
                to == null ? null : WindowBound.parse("--to", to), axis()); // before the trace is read
        if (out == null && chosen == TimelineFormats.PERFETTO) {
            throw new IllegalArgumentException("--format perfetto writes a binary file: give it with -o FILE (e.g. -o run.pftrace)");
        }
        OutputFile target = out == null ? null : OutputFile.check(out, force.force(), input);
        PrintWriter err = spec.commandLine().getErr();
        ParallelTrace trace = TraceFiles.openWithCode(input, err);
        Timeline timeline = export.analyze(trace);
        TimelineInfo info = timeline.info();
        if (info.aggregated()) {
            err.printf("wholetrace: %,d sync operations, more than --max-ops %,d: each thread's operations are aggregated into bins of %,d "
                    + "positions of the sync order (one slice per thread and bin; hand-overs counted, not drawn). Raise --max-ops or draw a "
                    + "window (--from/--to) to see each.%n", info.to() - info.from() + 1, limit, info.binWidth());
            err.flush();
        }
        TimelineSummary[] summary = new TimelineSummary[1];
        if (target != null) {
            target.writeStream(stream -> {
                CheckedOutputStream checked = new CheckedOutputStream(stream);
                timeline.replay(new Noting(writer.open(checked), summary)); // writeStream buffers
                if (checked.error() != null) throw checked.error();
            });
        } else {
            PrintWriter w = spec.commandLine().getOut();
            timeline.replay(new Noting(writer.open(new Utf8Through(w)), summary));
            w.flush();
        }
        TimelineSummary s = summary[0];
        if (s != null && s.maxStretchNanos() >= 1_000_000) {
            err.printf("wholetrace: note: bursts of more than one sync operation per microsecond are drawn stretched, up to %.1f ms later "
                    + "than recorded (each operation's clock_us is its recorded time)%n", s.maxStretchNanos() / 1e6);
            err.flush();
        }
        if (s != null && (s.holdsNotDrawn() > 0 || s.unmatchedUnlocks() > 0)) {
            err.printf("wholetrace: note: %,d lock holdings nested deeper than %d not drawn; %,d unlocks without their lock in the trace "
                    + "(drawn as operations only)%n", s.holdsNotDrawn(), dev.wholetrace.analysis.timeline.TimeAxis.MAX_HOLD_DEPTH, s.unmatchedUnlocks());
            err.flush();
        }
        return 0;
    }

    private TimelineAxis axis() {
        if (axis == null) return TimelineAxis.ORDER;
        return switch (axis.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "order" -> TimelineAxis.ORDER;
            case "clock", "time" -> TimelineAxis.CLOCK;
            default -> throw new IllegalArgumentException("--axis is order or clock, not " + axis);
        };
    }

    /** Passes everything on and keeps the summary for the notes on standard error. */
    private record Noting(TimelineSink to, TimelineSummary[] summary) implements TimelineSink {
        @Override
        public void start(TimelineInfo info) throws IOException {
            to.start(info);
        }

        @Override
        public void begin(int thread, long ns, Slice slice) throws IOException {
            to.begin(thread, ns, slice);
        }

        @Override
        public void end(int thread, long ns) throws IOException {
            to.end(thread, ns);
        }

        @Override
        public void counter(int thread, long ns, double value) throws IOException {
            to.counter(thread, ns, value);
        }

        @Override
        public void finish(TimelineSummary s) throws IOException {
            summary[0] = s;
            to.finish(s);
        }
    }

    /** UTF-8 bytes decoded onto a character writer (standard output of the command). */
    private static final class Utf8Through extends OutputStream {
        private final PrintWriter w;
        private final java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();

        Utf8Through(PrintWriter w) {
            this.w = w;
        }

        @Override
        public void write(int b) {
            pending.write(b);
            if (pending.size() >= 1 << 16) drain(false);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            pending.write(b, off, len);
            if (pending.size() >= 1 << 16) drain(false);
        }

        /** Writes what is pending; unless {@code everything}, a multi-byte character at the end waits for the next write. */
        private void drain(boolean everything) {
            byte[] all = pending.toByteArray();
            int cut = all.length;
            if (!everything) {
                int k = cut - 1;
                while (k >= 0 && k > cut - 4 && (all[k] & 0xC0) == 0x80) k--; // continuation bytes
                if (k >= 0 && (all[k] & 0x80) != 0) cut = k; // a lead byte: its character may be incomplete
            }
            w.write(new String(all, 0, cut, StandardCharsets.UTF_8));
            pending.reset();
            pending.write(all, cut, all.length - cut);
        }

        @Override
        public void flush() {
            drain(true);
            w.flush();
        }
    }
}
