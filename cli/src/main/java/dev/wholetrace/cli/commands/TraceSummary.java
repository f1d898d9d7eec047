package dev.wholetrace.cli.commands;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.report.Units;
import java.util.Locale;

/** A few lines on a recorded trace (its events, its size against raw, its synchronisation), and the same as facts. */
final class TraceSummary {
    private TraceSummary() {}

    static CommandSummary of(ParallelTrace trace, String what) {
        TraceStats.Row total = new StatsAnalysis().analyze(trace).total;
        EventCounts c = total.events;
        long wpp = total.bytes(TraceStats.Component.WPP);
        long data = total.bytes(TraceStats.Component.DATA);
        long order = total.bytes(TraceStats.Component.S_SYNCH);
        long counts = total.bytes(TraceStats.Component.SYNCH_CNT);
        long other = total.totalBytes() - wpp - data - order - counts;
        long lockPairs = c.sync[SyncKind.LOCK.ordinal()];
        long otherSync = c.syncTotal() - c.sync[SyncKind.BARRIER.ordinal()] - c.sync[SyncKind.LOCK.ordinal()] - c.sync[SyncKind.UNLOCK.ordinal()];
        CommandSummary summary = new CommandSummary()
                .line("")
                .line("Trace of %s, %s mode%s:", what, trace.mode().label().toUpperCase(Locale.ROOT),
                        trace.complete() ? "" : " (incomplete: read up to its last complete chunk)")
                .line("  events   %d in %d threads (blocks %d, loads %d, stores %d, sync %d)", c.total(),
                        trace.threads().size(), c.blocks, c.loads, c.stores, c.syncTotal())
                .line("  raw      %d bytes as fixed-width records (%s)", total.raw, Units.bytes(total.raw))
                .line("  file     %d bytes (%s) = %s%% of raw: WPP %d, data %d, S_synch %d, synch_cnt %d, other %d",
                        trace.fileBytes(), Units.bytes(trace.fileBytes()), Units.significantPercent(trace.fileBytes(), total.raw),
                        wpp, data, order, counts, other)
                .line("  S_synch  %d entries: %d barrier episodes, %d lock/unlock pairs, %d other", trace.syncOrder().size(),
                        trace.syncOrder().barrierEpisodes(), lockPairs, otherSync);
        summary.put("mode", trace.mode().label()).put("complete", trace.complete()).put("threads", trace.threads().size());
        summary.object("events").put("total", c.total()).put("blocks", c.blocks).put("loads", c.loads).put("stores", c.stores)
                .put("sync", c.syncTotal());
        summary.put("rawBytes", total.raw).put("fileBytes", trace.fileBytes());
        summary.object("bytes").put("wpp", wpp).put("data", data).put("sSynch", order).put("synchCnt", counts).put("other", other);
        summary.object("syncOrder").put("entries", trace.syncOrder().size()).put("barrierEpisodes", trace.syncOrder().barrierEpisodes())
                .put("lockPairs", lockPairs).put("other", otherSync);
        return summary;
    }
}
