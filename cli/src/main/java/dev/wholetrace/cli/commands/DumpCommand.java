package dev.wholetrace.cli.commands;

import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.ThreadTrace;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.events.EventLines;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace dump}: S_synch, or one thread's events, streamed one line each. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = {"Print a recorded trace (.wtrace): the sync order, or one thread's events.",
                "",
                "Without --thread: S_synch, every sync operation of every thread in the order they "
                    + "happened, one line each: index, thread, the thread's sync operation number, kind, object "
                    + "(a thread's begin/end object shows as 'thread T'), barrier episode, and the site with "
                    + "its place in the code map.",
                "",
                "With --thread T: the events of thread T, numbered from 0: blocks with their code text, "
                    + "loads and stores (instruction, address as object+offset), sync operations with their "
                    + "number in the thread and their S_synch index.",
                "",
                "--sync-from M and --sync-to N restrict the output to S_synch entries M..N or, with "
                    + "--thread, to the thread's events from its M-th through its N-th sync operation, found "
                    + "through the sync counts as by 'segment'. Without --sync-to, a thread's events run to its "
                    + "end; without --sync-from, they start at its first event. The output is streamed: a "
                    + "thread of any length needs constant memory. With --format json (JSON lines, also named jsonl) each line is one object; for the fields see 'segment --help'.",
                "",
                "--view dor reads an ALL trace through its data WPP (the DOR view: loads and stores by "
                    + "address, and sync operations) instead of its control WPP. --view blocks prints only the "
                    + "basic blocks of the main WPP, numbered as among all events: the playback of the control "
                    + "flow, the same for a COR and a STRATA recording of one deterministic run."},
        footer = {"", "Examples:",
                "  wholetrace dump run.wtrace --limit 20             # first 20 S_synch entries",
                "  wholetrace dump run.wtrace --thread 2 --limit 100 # thread 2's first events",
                "  wholetrace dump run.wtrace --thread 2 --sync-from 4 --sync-to 5",
                "  wholetrace dump run.wtrace --thread 1 --format json | grep '\"sync\"'",
                "  wholetrace dump run.wtrace --thread 0 --view blocks # thread 0's basic blocks only"})
public final class DumpCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the trace (.wtrace)")
    Path input;

    @Option(names = "--thread", paramLabel = "T", description = "print thread T's events instead of S_synch")
    Integer thread;

    @Option(names = "--sync-from", paramLabel = "M", description = "first sync operation (with --thread) or S_synch entry")
    Long from;

    @Option(names = "--sync-to", paramLabel = "N", description = "last sync operation (with --thread) or S_synch entry, included")
    Long to;

    @Mixin
    EventOutputOptions output;

    @Option(names = "--limit", paramLabel = "K", description = "print at most K lines (K >= 0)")
    Long limit;

    @Override
    public FormatRegistry<?> formats() {
        return EventLines.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        if (limit != null && limit < 0) throw new IllegalArgumentException("--limit must be at least 0, not " + limit);
        if (thread != null && thread < 0) throw new IllegalArgumentException("--thread must be at least 0, not " + thread);
        if (from != null && from < 0) throw new IllegalArgumentException("--sync-from must be at least 0, not " + from);
        if (to != null && to < 0) throw new IllegalArgumentException("--sync-to must be at least 0, not " + to);
        ParallelTrace trace = TraceFiles.open(input, t -> thread != null && t == thread, spec.commandLine().getErr());
        // the whole code map, as stats and export decode it: a dump names the code of what it prints, and from format 16
        // a lookup reads only the code pieces holding its ids, so damage elsewhere would be stats' error and not dump's
        trace.code().instructionCount();
        try (EventPrinter printer = new EventPrinter(trace, spec.commandLine().getOut(), output.format.resolve(formats()),
                limit == null ? Long.MAX_VALUE : limit).blocksOnly(output.view == TraceFiles.View.blocks)) {
            if (thread == null) dumpSyncOrder(trace, printer);
            else dumpThread(TraceFiles.thread(trace, thread, output.view), printer);
        }
        return 0;
    }

    private void dumpSyncOrder(ParallelTrace trace, EventPrinter printer) {
        int size = trace.syncOrder().size();
        if (from == null && to == null) {
            printer.entries(0, size - 1);
            return;
        }
        long m = from != null ? from : 0;
        long n = to != null ? to : size - 1;
        TraceFiles.checkEntries(trace.syncOrder(), m, n);
        printer.entries((int) m, (int) n);
    }

    private void dumpThread(ThreadTrace t, EventPrinter printer) {
        if (from == null && to == null) {
            printer.events(t, t.events(), 0, 0);
            return;
        }
        if (from == null || to == null) { // one bound: from op M to the thread's end, or from its start to op N
            TraceFiles.checkOps(t, from != null ? from : to, to != null ? to : from);
            long first = from != null ? t.syncPosition(from) : 0;
            long last = to != null ? t.syncPosition(to) : Long.MAX_VALUE;
            printer.events(t, t.events(first, last), first, from != null ? from : 0);
            return;
        }
        TraceFiles.checkOps(t, from, to);
        printer.events(t, t.segment(from, to), t.syncPosition(from), from);
    }
}
