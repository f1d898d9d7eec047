package dev.wholetrace.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link WeakIdentityMap#entry} with a {@code compute} that adds to the same map (the lock is
 * re-entrant, so nothing stops it): the new entry must land in the table as it is after
 * {@code compute}, not in the bucket chosen before it, and a key {@code compute} added itself must
 * not be added twice. No caller does this today; the map must stay right if one does.
 */
class WeakIdentityMapTest {
    @Test
    void anEntryWhoseComputeGrowsTheMapIsFoundAfterwards() {
        WeakIdentityMap<Object, String> map = new WeakIdentityMap<>();
        List<Object> others = new ArrayList<>();
        Object key = new Object();
        WeakIdentityMap.Entry<Object, String> e = map.entry(key, k -> {
            for (int i = 0; i < 200; i++) { // the table starts with 64 buckets: it grows twice in here
                Object o = new Object();
                others.add(o);
                map.put(o, "other " + i);
            }
            return "key";
        });
        assertThat(e.value).isEqualTo("key");
        assertThat(map.get(key)).isEqualTo("key");
        assertThat(map.entry(key, k -> "computed again")).isSameAs(e);
        for (int i = 0; i < others.size(); i++) assertThat(map.get(others.get(i))).isEqualTo("other " + i);
    }

    @Test
    void aKeyThatComputeAddedItselfIsNotAddedTwice() {
        WeakIdentityMap<Object, String> map = new WeakIdentityMap<>();
        Object key = new Object();
        List<WeakIdentityMap.Entry<Object, String>> inner = new ArrayList<>();
        WeakIdentityMap.Entry<Object, String> e = map.entry(key, k -> {
            inner.add(map.entry(k, k2 -> "inner"));
            return "outer";
        });
        assertThat(e).isSameAs(inner.get(0));
        assertThat(map.get(key)).isEqualTo("inner");
        assertThat(map.entry(key, k -> "again")).isSameAs(e);
    }
}
