package dev.wholetrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class AlphabetTest {

    @Test
    void idsAreDenseInOrderOfFirstAppearance() {
        Alphabet a = new Alphabet();
        assertThat(a.size()).isZero();
        assertThat(a.idOf(42)).isZero();
        assertThat(a.idOf(-7)).isEqualTo(1);
        assertThat(a.idOf(42)).isZero();
        assertThat(a.idOf(Long.MIN_VALUE)).isEqualTo(2);
        assertThat(a.idOf(Long.MAX_VALUE)).isEqualTo(3);
        assertThat(a.idOf(-7)).isEqualTo(1);
        assertThat(a.size()).isEqualTo(4);
        assertThat(a.first(2)).isEqualTo(Long.MIN_VALUE);
        assertThat(a.second(2)).isZero();
    }

    @Test
    void reservingRoomChangesNoId() {
        Alphabet plain = new Alphabet(), reserved = new Alphabet();
        for (long v = 0; v < 40; v++) assertThat(reserved.idOf(v * 31, v)).isEqualTo(plain.idOf(v * 31, v));
        reserved.reserve(1000);
        reserved.reserve(-5); // nothing to make room for
        for (long v = 0; v < 1040; v++) assertThat(reserved.idOf(v * 31, v)).as("value %d", v).isEqualTo(plain.idOf(v * 31, v));
        assertThat(reserved.size()).isEqualTo(plain.size()).isEqualTo(1040);
        assertThat(reserved.idOf(7 * 31, 7)).isEqualTo(7);
        assertThat(reserved.second(1039)).isEqualTo(1039);
    }

    @Test
    void pairsAreDistinguishedByBothComponents() {
        Alphabet a = new Alphabet();
        int p = a.idOf(4, 3);
        int q = a.idOf(3, 4);
        int r = a.idOf(4, 0);
        assertThat(List.of(p, q, r)).containsExactly(0, 1, 2);
        // a single value is the pair (value, 0)
        assertThat(a.idOf(4)).isEqualTo(r);
        assertThat(a.idOf(3, 4)).isEqualTo(q);
        assertThat(a.first(q)).isEqualTo(3);
        assertThat(a.second(q)).isEqualTo(4);
    }

    @Test
    void manyEntriesSurviveRehashing() {
        Alphabet a = new Alphabet();
        int n = 200_000;
        // strided values: a weak hash would collide them
        for (int i = 0; i < n; i++) assertThat(a.idOf((long) i << 32, i * 4096L)).isEqualTo(i);
        for (int i = n - 1; i >= 0; i--) assertThat(a.idOf((long) i << 32, i * 4096L)).isEqualTo(i);
        assertThat(a.size()).isEqualTo(n);
        for (int i = 0; i < n; i += 997) {
            assertThat(a.first(i)).isEqualTo((long) i << 32);
            assertThat(a.second(i)).isEqualTo(i * 4096L);
        }
        assertThat(a.footprintBytes()).isGreaterThan(n * 16L);
    }

    @Property(tries = 200)
    void behavesLikeAMapFromPairsToFirstAppearance(@ForAll @Size(max = 300) List<@net.jqwik.api.constraints.LongRange(min = -3, max = 3) Long> as,
                                                   @ForAll @Size(max = 300) List<Long> bs) {
        Alphabet a = new Alphabet();
        Map<List<Long>, Integer> model = new HashMap<>();
        int n = Math.min(as.size(), bs.size());
        for (int i = 0; i < n; i++) {
            List<Long> key = List.of(as.get(i), bs.get(i) % 4);
            int expected = model.computeIfAbsent(key, k -> model.size());
            assertThat(a.idOf(key.get(0), key.get(1))).isEqualTo(expected);
        }
        assertThat(a.size()).isEqualTo(model.size());
        model.forEach((k, id) -> {
            assertThat(a.first(id)).isEqualTo(k.get(0));
            assertThat(a.second(id)).isEqualTo(k.get(1));
        });
    }
}
