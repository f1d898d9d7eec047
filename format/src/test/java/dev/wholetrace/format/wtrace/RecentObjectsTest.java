package dev.wholetrace.format.wtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The recent-object list with its miss filter finds every object at the index a plain
 * move-to-front list of {@link SyncOrderCodec#RECENT} would give it (the index is in the file),
 * and misses exactly where that list misses: with fewer hot objects than it holds, with a few more
 * (most operations then miss), and with objects spread over few or many ids.
 */
class RecentObjectsTest {
    @Property(tries = 200)
    void findsWhatAMoveToFrontListFinds(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int hot,
                                        @ForAll @IntRange(min = 0, max = 40) int spreadBits) {
        Random random = new Random(seed);
        long[] pool = new long[hot];
        for (int i = 0; i < hot; i++) pool[i] = spreadBits == 0 ? i : random.nextLong() >>> (64 - Math.max(1, spreadBits));
        SyncOrderCodec.RecentObjects recent = new SyncOrderCodec.RecentObjects();
        List<Long> reference = new ArrayList<>();
        for (int op = 0; op < 5000; op++) {
            long object = random.nextInt(4) == 0 ? pool[random.nextInt(hot)] : pool[op % hot];
            int expected = reference.indexOf(object);
            int found = recent.indexOf(object);
            assertThat(found).as("operation %d, object %d", op, object).isEqualTo(expected);
            recent.use(object, found);
            if (expected >= 0) reference.remove(expected);
            else if (reference.size() == SyncOrderCodec.RECENT) reference.remove(SyncOrderCodec.RECENT - 1);
            reference.add(0, object);
            assertThat(recent.size()).isEqualTo(reference.size());
            for (int i = 0; i < reference.size(); i++) assertThat(recent.get(i)).isEqualTo(reference.get(i));
        }
    }
}
