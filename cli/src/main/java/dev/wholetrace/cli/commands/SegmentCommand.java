package dev.wholetrace.cli.commands;

import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.events.EventLines;
import dev.wholetrace.report.events.SegmentHeader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace segment}: a thread's events between two sync operations, by random access. */
@Command(name = "segment", mixinStandardHelpOptions = true,
        description = {"Print a thread's events between two of its sync operations (random access).",
                "",
                "The events of thread T from its M-th through its N-th sync operation (both included, "
                    + "numbered from 0), found through the sync counts (parallel-wpp-compression §2.2): "
                    + "Algorithm 1 finds both operations' paths in the thread's WPP, and only their lowest "
                    + "common rule is expanded, not the trace before them.",
                "",
                "The first line says where the segment lies: its event numbers in the thread and the "
                    + "lowest common rule (LCA) with the segment's offsets in its expansion, or the chunks it "
                    + "spans. Then one line per event, as 'dump --thread T' prints.",
                "",
                "--format json prints JSON lines (one object per line; jsonl names the same format). The "
                    + "first line is {\"type\":\"segment\", ...}. Each event line has thread, pos (event "
                    + "number), type (block, load, store or sync), then:",
                "  block        block",
                "  load, store  instruction (null in DOR), address, object, offset",
                "  sync         kind, op, syncIndex, object, objectThread, episode, site",
                "and ends with where and code from the code map (null if not in it). syncIndex is the "
                    + "operation's S_synch entry; episode is null except for barriers."},
        footer = {"", "Examples:",
                "  wholetrace segment run.wtrace --thread 1 2 3",
                "  wholetrace segment run.wtrace --thread 1 0 40 --format json",
                "  wholetrace dump run.wtrace --thread 1 | grep ' lock '  # find op numbers"})
public final class SegmentCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = "--thread", required = true, paramLabel = "T", description = "the thread")
    int thread;

    @Parameters(index = "1", paramLabel = "M", description = "the thread's first sync operation")
    long from;

    @Parameters(index = "2", paramLabel = "N", description = "the thread's last sync operation, included")
    long to;


    @Mixin
    EventOutputOptions output;

    @Override
    public FormatRegistry<?> formats() {
        return EventLines.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        // Checked before the trace is read: a typo should not cost the reading of a large file.
        if (thread < 0) throw new IllegalArgumentException("--thread must be at least 0, not " + thread);
        if (from < 0 || to < 0) throw new IllegalArgumentException("sync operation numbers start at 0, not " + Math.min(from, to));
        if (from > to) throw new IllegalArgumentException("the segment's first sync operation (" + from + ") comes after its last (" + to + ")");
        ParallelTrace trace = TraceFiles.open(input, t -> t == thread, spec.commandLine().getErr());
        ThreadTrace t = TraceFiles.thread(trace, thread, output.view);
        TraceFiles.checkOps(t, from, to);
        try (EventPrinter printer = new EventPrinter(trace, spec.commandLine().getOut(), output.format.resolve(formats()), Long.MAX_VALUE)
                .blocksOnly(output.view == TraceFiles.View.blocks)) {
            print(t, from, to, printer);
        }
        return 0;
    }

    /** The header line and the events of thread t's segment m..n (checked by the caller). */
    static void print(ThreadTrace t, long m, long n, EventPrinter printer) {
        long first = t.syncPosition(m);
        long last = t.syncPosition(n);
        EdgeCounts.Span span = t.span(m, n);
        int firstPiece = t.pieceOfEvent(first);
        int lastPiece = t.pieceOfEvent(last);
        SegmentHeader header;
        if (span != null) {
            Grammar g = t.wpp(firstPiece);
            int chunk = t.chunkOf(firstPiece);
            header = new SegmentHeader(t.info().index(), t.info().label(), m, n, first, last, chunk, chunk, span.rule(),
                    g.expandedLength(span.rule()), span.fromInRule(), span.toInRule());
        } else {
            // Different chunks have different grammars: no common rule; the tail of the first
            // chunk's WPP, the chunks between, and the head of the last one are expanded.
            header = new SegmentHeader(t.info().index(), t.info().label(), m, n, first, last, t.chunkOf(firstPiece),
                    t.chunkOf(lastPiece), null, 0, first - t.eventsBeforePiece(firstPiece), last - t.eventsBeforePiece(lastPiece));
        }
        printer.header(header);
        printer.events(t, t.segment(m, n), first, m);
    }
}
