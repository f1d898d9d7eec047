package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The ring refuses when full and hands every value over once, in order, across threads. */
class LongRingTest {

    @Example
    void fullMeansFullUntilTheConsumerReleases() {
        LongRing r = new LongRing(4);
        for (long v = 0; v < 4; v++) assertThat(r.offer(v)).isTrue();
        assertThat(r.offer(4)).isFalse();
        assertThat(r.available()).isZero(); // nothing published yet
        r.publish();
        assertThat(r.available()).isEqualTo(4);
        assertThat(r.take()).isZero();
        assertThat(r.offer(4)).isFalse(); // taken but not released
        r.release();
        assertThat(r.hasRoom()).isTrue();
        assertThat(r.offer(4)).isTrue();
        r.publish();
        assertThat(r.available()).isEqualTo(4);
        for (long v = 1; v <= 4; v++) assertThat(r.take()).isEqualTo(v);
    }

    @Example
    void capacityIsAPowerOfTwo() {
        assertThatThrownBy(() -> new LongRing(6)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 10)
    void everyValueOnceInOrderAcrossThreads(@ForAll @IntRange(min = 1, max = 6) int bits, @ForAll @IntRange(min = 1, max = 50) int batch)
            throws InterruptedException {
        LongRing r = new LongRing(1 << bits);
        int n = 20_000;
        long[] seen = new long[n];
        int[] count = new int[1];
        Thread consumer = new Thread(() -> {
            while (count[0] < n) {
                long a = r.available();
                for (long k = 0; k < a; k++) seen[count[0]++] = r.take();
                r.release();
                if (a == 0) Thread.onSpinWait();
            }
        });
        consumer.start();
        for (long v = 0; v < n; v++) {
            while (!r.offer(v)) {
                r.publish();
                Thread.onSpinWait();
            }
            if (v % batch == 0) r.publish();
        }
        r.publish();
        consumer.join(60_000);
        assertThat(count[0]).isEqualTo(n);
        for (int i = 0; i < n; i++) assertThat(seen[i]).isEqualTo(i);
    }
}
