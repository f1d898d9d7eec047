package dev.wholetrace.cli.commands;

import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
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
                "The events of thread T from its M-th through its N-th sync operation (both",
                "included, numbered from 0), found through the sync counts",
                "(parallel-wpp-compression §2.2): Algorithm 1 finds both operations' paths in",
                "the thread's WPP, and only their lowest common rule is expanded, not the",
                "trace before them.",
                "",
                "The first line says where the segment lies: its event numbers in the thread",
                "and the lowest common rule (LCA) with the segment's offsets in its expansion,",
                "or the chunks it spans. Then one line per event, as 'dump --thread T' prints.",
                "",
                "jsonl: the first line is {\"type\":\"segment\", ...}. Each event line has",
                "thread, pos (event number), type (block, load, store or sync), then:",
                "  block        block",
                "  load, store  instruction (null in DOR), address, object, offset",
                "  sync         kind, op, syncIndex (S_synch entry), object, objectThread,",
                "               episode (barriers, else null), site",
                "and ends with where and code from the code map (null if not in it)."},
        footer = {"", "Examples:",
                "  wholetrace segment run.wtrace --thread 1 2 3",
                "  wholetrace segment run.wtrace --thread 1 0 40 --format jsonl",
                "  wholetrace dump run.wtrace --thread 1 | grep ' lock '  # find op numbers"})
public final class SegmentCommand implements Callable<Integer> {
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
    public Integer call() throws Exception {
        ParallelTrace trace = TraceFiles.open(input, t -> t == thread, spec.commandLine().getErr());
        ThreadTrace t = TraceFiles.thread(trace, thread, output.view);
        TraceFiles.checkOps(t, from, to);
        try (EventPrinter printer = new EventPrinter(trace, spec.commandLine().getOut(), output.format, Long.MAX_VALUE)) {
            print(t, from, to, printer);
        }
        return 0;
    }

    /** The header line and the events of thread t's segment m..n (checked by the caller). */
    static void print(ThreadTrace t, long m, long n, EventPrinter printer) {
        long first = t.syncPosition(m);
        long last = t.syncPosition(n);
        int thread = t.info().index();
        StringBuilder text = new StringBuilder().append("segment  ").append(TraceFiles.describe(t))
                .append(", sync ops ").append(m).append("..").append(n)
                .append(": events ").append(first).append("..").append(last).append(" (").append(last - first + 1).append(" events); ");
        Json json = new Json().field("type", "segment").field("thread", thread).field("name", t.info().name())
                .field("from", m).field("to", n).field("firstEvent", first).field("lastEvent", last)
                .field("events", last - first + 1);
        EdgeCounts.Span span = t.span(m, n);
        int firstPiece = t.pieceOfEvent(first);
        int lastPiece = t.pieceOfEvent(last);
        if (span != null) {
            Grammar g = t.wpp(firstPiece);
            int chunk = t.chunkOf(firstPiece);
            text.append("lowest common rule R").append(span.rule()).append(span.rule() == 0 ? " (the start rule)" : "")
                    .append(" of chunk ").append(chunk).append("'s WPP (expands to ").append(g.expandedLength(span.rule()))
                    .append(" events; the segment is its events ").append(span.fromInRule()).append("..").append(span.toInRule())
                    .append(")");
            json.field("firstChunk", chunk).field("lastChunk", chunk).field("rule", span.rule())
                    .field("ruleLength", g.expandedLength(span.rule())).field("fromInRule", span.fromInRule())
                    .field("toInRule", span.toInRule());
        } else {
            // Different chunks have different grammars: no common rule; the tail of the first
            // chunk's WPP, the chunks between, and the head of the last one are expanded.
            int c1 = t.chunkOf(firstPiece);
            int c2 = t.chunkOf(lastPiece);
            text.append("spans chunks ").append(c1).append("..").append(c2)
                    .append(" (no common rule): from event ").append(first - t.eventsBeforePiece(firstPiece)).append(" of chunk ")
                    .append(c1).append("'s WPP to event ").append(last - t.eventsBeforePiece(lastPiece)).append(" of chunk ")
                    .append(c2).append("'s");
            json.field("firstChunk", c1).field("lastChunk", c2).fieldOrNull("rule", null)
                    .fieldOrNull("ruleLength", null).fieldOrNull("fromInRule", null).fieldOrNull("toInRule", null);
        }
        printer.header(text.toString(), json);
        printer.events(t, t.segment(m, n), first, m);
    }
}
