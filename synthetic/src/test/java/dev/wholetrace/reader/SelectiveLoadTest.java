package dev.wholetrace.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.synthetic.RedBlackSor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a trace for some threads only: those threads read exactly as in a full open, the others
 * refuse to be read, and the sync order (which belongs to all threads) is complete either way.
 */
class SelectiveLoadTest {
    @TempDir
    Path dir;

    @Test
    void oneThreadLoadsLikeAFullOpenAndTheSyncOrderIsWhole() throws Exception {
        Path file = dir.resolve("sor.wtrace");
        // Small chunks, so that the threads' pieces usually span several chunks (the merge of
        // S_synch across pieces is also covered deterministically by the round-trip properties).
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR).withChunkEvents(5_000)
                .withBatchLongs(256))) {
            new RedBlackSor(3, 60, 20).run(rec);
        }
        ParallelTrace full = ParallelTrace.open(file);
        ParallelTrace one = ParallelTrace.open(file, t -> t == 2, bytes -> { });

        assertThat(events(one.thread(2).events())).isEqualTo(events(full.thread(2).events()));
        assertThat(events(one.thread(2).segment(3, 7))).isEqualTo(events(full.thread(2).segment(3, 7)));
        assertThat(one.isLoaded(2)).isTrue();
        assertThat(one.isLoaded(1)).isFalse();
        assertThatThrownBy(() -> one.thread(1)).isInstanceOf(IllegalStateException.class).hasMessageContaining("not loaded");

        SyncOrder a = full.syncOrder();
        SyncOrder b = one.syncOrder();
        assertThat(b.size()).isEqualTo(a.size());
        for (int i = 0; i < a.size(); i++) {
            assertThat(new long[] {b.ticket(i), b.thread(i), b.op(i), b.object(i), b.aux(i), b.site(i)})
                    .isEqualTo(new long[] {a.ticket(i), a.thread(i), a.op(i), a.object(i), a.aux(i), a.site(i)});
        }
        for (int t = 0; t < full.threads().size(); t++) assertThat(one.syncCount(t)).isEqualTo(full.thread(t).syncCount());
    }

    private static List<Event> events(Iterator<Event> it) {
        List<Event> out = new ArrayList<>();
        while (it.hasNext()) out.add(it.next());
        return out;
    }
}
