package dev.wholetrace.reader;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

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
            if (i % 100_003 == 0) assertThat(p.capacity() - p.size()).as("slack at %d bytes", p.size()).isLessThanOrEqualTo(PackedBytes.PAGE + 16L * 64);
        }
        p.trim();
        assertThat(p.capacity() - p.size()).isLessThanOrEqualTo(16L * 40);
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
}
