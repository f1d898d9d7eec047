package dev.wholetrace.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.hb.Script;
import dev.wholetrace.analysis.stats.TraceStats.Component;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.EventCounts;
import dev.wholetrace.reader.TraceView;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stats of a scripted CDR trace: events per thread and in total, bytes adding up to the file. */
class StatsAnalysisTest {
    @TempDir
    Path dir;

    @Test
    void rowsCountTheEventsAndTheComponentsAddUpToTheFile() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("stats.wtrace"), 2)) {
            s.on(1, r -> { r.block(1); for (int i = 0; i < 100; i++) r.store(1, Addresses.of(5, 8L * i)); r.lock(9, 77); r.unlock(10, 77); })
             .on(2, r -> { r.block(2); r.load(2, Addresses.of(5, 0)); r.lock(9, 77); r.unlock(10, 77); });
            trace = s.finish();
        }
        TraceStats stats = new StatsAnalysis().analyze(trace);
        assertThat(stats.mode).isEqualTo(TraceMode.CDR);
        assertThat(stats.threads).hasSize(trace.threadCount());
        EventCounts sum = new EventCounts();
        for (int t = 0; t < trace.threadCount(); t++) {
            TraceStats.Row row = stats.threads.get(t);
            assertThat(row.name).startsWith(t + " ");
            assertThat(row.events.total()).isEqualTo(trace.eventCount(t));
            assertThat(row.raw).isEqualTo(row.events.rawBytes(TraceMode.CDR));
            sum.add(row.events);
        }
        assertThat(stats.total.events.stores).isEqualTo(100).isEqualTo(sum.stores);
        assertThat(stats.total.events.loads).isEqualTo(1);
        assertThat(stats.total.events.sync[SyncKind.LOCK.ordinal()]).isEqualTo(2);
        assertThat(stats.total.totalBytes()).isEqualTo(trace.fileBytes());
        assertThat(stats.components()).contains(Component.WPP, Component.DATA, Component.S_SYNCH)
                .doesNotContain(Component.DOR_WPP, Component.UNREAD);
        for (Component c : Component.values()) {
            long threads = 0;
            for (TraceStats.Row r : stats.threads) threads += r.bytes(c);
            if (c.global) assertThat(threads).as(c.label).isZero();
            else assertThat(threads).as(c.label).isEqualTo(stats.total.bytes(c));
        }
    }
}
