package dev.wholetrace.analysis.deps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link ReadStores} against a sorted set: the distinct numbers ascending and each one's index,
 * both when the numbers read are many against the writer's stores (the bit set) and few (sorted).
 */
class ReadStoresTest {
    @Property(tries = 200)
    void distinctAscendingWithEachIndex(@ForAll @IntRange(min = 1, max = 5000) int stores, @ForAll @IntRange(min = 1, max = 400) int reads, @ForAll long seed) {
        Random rnd = new Random(seed);
        LongList read = new LongList();
        TreeSet<Long> expected = new TreeSet<>();
        for (int i = 0; i < reads; i++) {
            long k = rnd.nextInt(4) == 0 && read.size() > 0 ? read.get(rnd.nextInt(read.size())) : rnd.nextInt(stores); // repeats too
            read.add(k);
            expected.add(k);
        }
        ReadStores r = ReadStores.of(read, stores);
        assertThat(r.ascending()).containsExactly(expected.stream().mapToLong(Long::longValue).toArray());
        for (int i = 0; i < read.size(); i++) assertThat(r.indexOf(read.get(i))).isEqualTo(expected.headSet(read.get(i)).size());
    }

    /** A writer of 2^40 stores, two of them read: no bit set over its stores (it would not even fit an array). */
    @Example
    void fewReadsOfAWriterWithVeryManyStores() {
        LongList read = new LongList();
        for (long k : new long[] {1L << 39, 5, 1L << 39, (1L << 40) - 1}) read.add(k);
        ReadStores r = ReadStores.of(read, 1L << 40);
        assertThat(r.ascending()).containsExactly(5, 1L << 39, (1L << 40) - 1);
        assertThat(r.indexOf(1L << 39)).isEqualTo(1);
        assertThat(r.indexOf((1L << 40) - 1)).isEqualTo(2);
    }
}
