package dev.wholetrace.reader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.format.wtrace.SymbolTag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packed sync order's byte store: varints read back exactly across page boundaries, and the
 * store never holds much more than its data (no array grown by copying, which needed 2.5 times the
 * data at once and made a 63 M-operation trace fail while it was read).
 */
class PackedBytesTest {
    @Test
    void varintsReadBackAcrossPages() {
        PackedBytes p = new PackedBytes();
        Random random = new Random(7);
        int n = 1_500_000; // about 7 MB: many pages, varints of every length straddling their boundaries
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = random.nextLong() >> random.nextInt(64);
            p.writeSignedVarLong(values[i]);
        }
        p.trim();
        PackedBytes.Reader r = p.reader(0);
        for (int i = 0; i < n; i++) assertThat(r.signedVarLong()).as("value %d", i).isEqualTo(values[i]);
        assertThat(p.size()).isGreaterThan(4 * PackedBytes.PAGE);
    }

    @Test
    void slackIsBelowOnePageWhileWritingAndNoneAfterTrim() {
        PackedBytes p = new PackedBytes();
        for (int i = 0; i < 40 * PackedBytes.PAGE; i++) {
            p.writeVarLong(i & 0x7F);
            if (i % 100_003 == 0) assertThat(p.capacity() - p.size()).as("slack at %d bytes", p.size()).isLessThanOrEqualTo(PackedBytes.PAGE + 32L * 64);
        }
        p.trim();
        assertThat(p.capacity() - p.size()).isLessThanOrEqualTo(32L * 40);
        assertThat(p.peekVarLong(p.size() - 1)).isEqualTo((40L * PackedBytes.PAGE - 1) & 0x7F);
    }

    @Test
    void aSmallStoreStaysSmall() {
        PackedBytes p = new PackedBytes();
        for (int i = 0; i < 100; i++) p.writeVarLong(300);
        p.trim();
        assertThat(p.capacity()).isLessThan(300);
        PackedBytes.Reader r = p.reader(2);
        assertThat(r.varLong()).isEqualTo(300);
    }

    @Test
    void spilledPagesLeaveTheHeapAndReadBackExactly(@TempDir Path dir) throws Exception {
        PageSpill spill = PageSpill.afterHeapBytes(2L * PackedBytes.PAGE, dir);
        PackedBytes p = new PackedBytes(spill);
        Random random = new Random(11);
        int n = 2_000_000;
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = random.nextLong() >> random.nextInt(64);
            p.writeSignedVarLong(values[i]);
            if (i % 100_003 == 0) assertThat(p.capacity()).as("heap bytes at %d", i).isLessThanOrEqualTo(3L * PackedBytes.PAGE + 32L * 64);
        }
        p.trim();
        assertThat(spill.spilledBytes()).isGreaterThan(p.size() - 4L * PackedBytes.PAGE);
        try (var files = Files.list(dir)) {
            assertThat(files).as("the spill file is removed once opened").isEmpty();
        }
        PackedBytes.Reader r = p.reader(0);
        for (int i = 0; i < n; i++) assertThat(r.signedVarLong()).as("value %d", i).isEqualTo(values[i]);
    }

    @Test
    void aSpilledOrderReadsAsOneOnTheHeap(@TempDir Path dir) throws Exception {
        SyncOrder.Builder heap = new SyncOrder.Builder(3);
        SyncOrder.Builder spilled = new SyncOrder.Builder(3, PageSpill.afterHeapBytes(0, dir));
        Random random = new Random(5);
        long ticket = 0;
        long[] last = new long[3];
        for (int i = 0; i < 400_000; i++) {
            int t = random.nextInt(3);
            ticket += 1 + random.nextInt(3);
            long value = SymbolTag.syncValue(random.nextBoolean() ? SyncKind.LOCK : SyncKind.UNLOCK, random.nextInt(40));
            long object = random.nextInt(8) == 0 ? random.nextLong() : last[t];
            last[t] = object;
            heap.add(t, ticket, value, object, 0);
            spilled.add(t, ticket, value, object, 0);
        }
        SyncOrder a = heap.build();
        SyncOrder b = spilled.build();
        assertThat(b.residentBytes()).isLessThan(a.residentBytes() / 4);
        assertThat(b.size()).isEqualTo(a.size());
        SyncOrder.Cursor ca = a.cursor(), cb = b.cursor();
        while (ca.hasNext()) {
            ca.next();
            cb.next();
            assertThat(new long[] {cb.ticket(), cb.thread(), cb.op(), cb.site(), cb.object()})
                    .isEqualTo(new long[] {ca.ticket(), ca.thread(), ca.op(), ca.site(), ca.object()});
            assertThat(cb.kind()).isEqualTo(ca.kind());
        }
        assertThat(b.ticket(123_457)).isEqualTo(a.ticket(123_457));
    }
}
