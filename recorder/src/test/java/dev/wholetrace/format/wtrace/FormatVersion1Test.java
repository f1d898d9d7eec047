package dev.wholetrace.format.wtrace;

import static dev.wholetrace.reader.TraceTestSupport.drain;
import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.ThreadTrace;
import java.io.DataInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Traces of older format versions stay readable: small files recorded before the format changed
 * (src/test/resources/traces, made by {@link CheckpointedTrace#record} with the arguments below;
 * version 1 before stream kinds were generic, version 2 before the data and address alphabets
 * restarted in every chunk, version 3 before S_synch was stored by column, version 4 before the
 * clock, version 5 before the address streams' exception lists) read back exactly as the same
 * deterministic program recorded now: thread events (both views in ALL), sync order, every
 * segment, metadata (but the clock's, which versions 1-4 predate).
 */
class FormatVersion1Test {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"v1-checkpointed-all.wtrace, 1, ALL, 3, 2", "v1-checkpointed-dor.wtrace, 1, DOR, 2, 1",
            "v2-checkpointed-all.wtrace, 2, ALL, 3, 2", "v2-checkpointed-cdr.wtrace, 2, CDR, 2, 2",
            "v3-checkpointed-all.wtrace, 3, ALL, 3, 2", "v3-checkpointed-cdr.wtrace, 3, CDR, 2, 2",
            "v4-checkpointed-all.wtrace, 4, ALL, 3, 2", "v4-checkpointed-cdr.wtrace, 4, CDR, 2, 2",
            "v5-checkpointed-all.wtrace, 5, ALL, 3, 2", "v5-checkpointed-cdr.wtrace, 5, CDR, 2, 2"})
    void readsLikeTheSameProgramRecordedNow(String name, int version, TraceMode mode, int threads, int groups) throws Exception {
        Path v1 = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/traces/" + name)) {
            Files.copy(in, v1, StandardCopyOption.REPLACE_EXISTING);
        }
        assertThat(version(v1)).isEqualTo(version);
        CheckpointedTrace now = CheckpointedTrace.record(dir.resolve("now.wtrace"), mode, Codec.BEST, threads, groups, 40);
        assertThat(version(now.file)).isEqualTo(TraceFormat.VERSION);

        ParallelTrace old = ParallelTrace.open(v1);
        ParallelTrace cur = ParallelTrace.open(now.file);
        assertThat(old.mode()).isEqualTo(mode);
        assertThat(old.complete()).isTrue();
        assertThat(old.chunkCount()).isEqualTo(cur.chunkCount()).isEqualTo(threads * (groups + 1));
        Map<String, String> current = new LinkedHashMap<>(cur.properties());
        assertThat(current.remove(TraceClock.ORIGIN_PROPERTY)).isNotNull();
        Map<String, String> older = new LinkedHashMap<>(old.properties());
        boolean clocked = version >= TraceFormat.CLOCK_SINCE;
        if (clocked) assertThat(older.remove(TraceClock.ORIGIN_PROPERTY)).isNotNull();
        assertThat(older).isEqualTo(current);
        assertThat(old.clock().known()).isEqualTo(clocked);
        assertThat(cur.clock().known()).isTrue();
        assertThat(old.threads()).isEqualTo(cur.threads()).hasSize(threads);
        assertThat(old.code().blocksFrom(0)).isEqualTo(cur.code().blocksFrom(0));
        assertThat(old.code().instructionsFrom(0)).isEqualTo(cur.code().instructionsFrom(0));
        for (int t = 0; t < threads; t++) {
            assertThat(events(old.thread(t))).as("thread %d", t).isEqualTo(now.eventsBefore(t, old.chunkCount()))
                    .isEqualTo(events(cur.thread(t)));
            assertSameSegments(old.thread(t), cur.thread(t));
            if (mode == TraceMode.ALL) {
                assertThat(events(old.dataView(t))).as("DOR view of thread %d", t).isEqualTo(events(cur.dataView(t))).isNotEmpty();
                assertSameSegments(old.dataView(t), cur.dataView(t));
            }
        }
        SyncOrder a = old.syncOrder();
        SyncOrder b = cur.syncOrder();
        assertThat(a.size()).isEqualTo(b.size()).isPositive();
        for (int i = 0; i < a.size(); i++) {
            assertThat(new Object[] {a.ticket(i), a.thread(i), a.op(i), a.kind(i), a.site(i), a.object(i), a.aux(i)}).as("operation %d", i)
                    .containsExactly(b.ticket(i), b.thread(i), b.op(i), b.kind(i), b.site(i), b.object(i), b.aux(i));
        }
    }

    private static void assertSameSegments(ThreadTrace a, ThreadTrace b) {
        assertThat(a.eventCount()).isEqualTo(b.eventCount());
        assertThat(a.syncCount()).isEqualTo(b.syncCount()).isPositive();
        for (long m = 0; m < a.syncCount(); m++) {
            assertThat(a.ticket(m)).isEqualTo(b.ticket(m));
            assertThat(a.syncPosition(m)).isEqualTo(b.syncPosition(m));
            for (long n = m; n < a.syncCount(); n++) {
                assertThat(drain(a.segment(m, n))).as("segment %d..%d", m, n).isEqualTo(drain(b.segment(m, n)));
            }
        }
    }

    private static int version(Path file) throws Exception {
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            in.skipNBytes(4);
            return in.readUnsignedByte() | in.readUnsignedByte() << 8;
        }
    }
}
