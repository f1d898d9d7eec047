package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.Locale;

/** A few lines on a recorded trace: its events, its size against raw, and its synchronisation. */
final class TraceSummary {
    private TraceSummary() {}

    static void print(PrintWriter out, ParallelTrace trace, String what) {
        TraceStats.Row total = new StatsAnalysis().analyze(trace).total;
        EventCounts c = total.events;
        long wpp = total.bytes(TraceStats.Component.WPP);
        long data = total.bytes(TraceStats.Component.DATA);
        long order = total.bytes(TraceStats.Component.S_SYNCH);
        long counts = total.bytes(TraceStats.Component.SYNCH_CNT);
        out.println();
        out.printf(Locale.ROOT, "Trace of %s, %s mode%s:%n", what, trace.mode().label().toUpperCase(Locale.ROOT),
                trace.complete() ? "" : " (incomplete: read up to its last complete chunk)");
        out.printf(Locale.ROOT, "  events   %d in %d threads (blocks %d, loads %d, stores %d, sync %d)%n", c.total(),
                trace.threads().size(), c.blocks, c.loads, c.stores, c.syncTotal());
        out.printf(Locale.ROOT, "  raw      %d bytes as fixed-width records (%s)%n", total.raw, Units.bytes(total.raw));
        out.printf(Locale.ROOT, "  file     %d bytes (%s) = %s%% of raw: WPP %d, data %d, S_synch %d, synch_cnt %d, other %d%n",
                trace.fileBytes(), Units.bytes(trace.fileBytes()), Units.significantPercent(trace.fileBytes(), total.raw),
                wpp, data, order, counts, total.totalBytes() - wpp - data - order - counts);
        out.printf(Locale.ROOT, "  S_synch  %d entries: %d barrier episodes, %d lock/unlock pairs, %d other%n", trace.syncOrder().size(),
                trace.syncOrder().barrierEpisodes(), c.sync[SyncKind.LOCK.ordinal()],
                c.syncTotal() - c.sync[SyncKind.BARRIER.ordinal()] - c.sync[SyncKind.LOCK.ordinal()] - c.sync[SyncKind.UNLOCK.ordinal()]);
    }
}
