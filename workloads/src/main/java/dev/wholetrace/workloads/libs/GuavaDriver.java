package dev.wholetrace.workloads.libs;

import com.google.common.base.Joiner;
import com.google.common.base.Splitter;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSortedSet;
import com.google.common.collect.ListMultimap;
import com.google.common.collect.MultimapBuilder;
import com.google.common.collect.Ordering;
import com.google.common.collect.TreeMultiset;
import com.google.common.hash.HashCode;
import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import com.google.common.util.concurrent.Striped;
import dev.wholetrace.workloads.Size;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;

/**
 * Guava under the agent: immutable collections, multimaps, a loading cache, hashing, and three
 * threads counting into a ConcurrentHashMap under Striped locks. Prints a deterministic summary
 * and exits with code 3. Optional arguments: size (default 1) multiplies the hashed items and each
 * thread's iterations; then the number of counting threads (default 3).
 */
public final class GuavaDriver {
    public static void main(String[] args) throws Exception {
        int size = Size.of(args);
        int threads = Size.threads(args, 3);
        ImmutableMap<String, Integer> map = ImmutableMap.<String, Integer>builder()
                .put("one", 1).put("two", 2).put("three", 3).put("four", 4).put("five", 5).buildOrThrow();
        System.out.println("map " + map);
        System.out.println("inverse-sorted " + ImmutableSortedSet.copyOf(map.values()).descendingSet());

        ListMultimap<Integer, String> byLength = MultimapBuilder.treeKeys().arrayListValues().build();
        for (String word : Splitter.on(' ').omitEmptyStrings().split("the quick brown fox jumps over the lazy dog again and again")) {
            byLength.put(word.length(), word);
        }
        System.out.println("multimap " + byLength);
        TreeMultiset<String> words = TreeMultiset.create(byLength.values());
        System.out.println("multiset " + words + " the=" + words.count("the"));
        System.out.println("ordering " + Ordering.natural().reverse().sortedCopy(ImmutableList.of(5, 3, 9, 1, 7)));

        LoadingCache<Integer, String> cache = CacheBuilder.newBuilder().maximumSize(16).recordStats()
                .build(CacheLoader.from(k -> Integer.toBinaryString(k * k)));
        StringBuilder cached = new StringBuilder();
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < 24; k++) cached.append(cache.getUnchecked(k % 12)).append(round == 2 && k == 23 ? "" : ",");
        }
        System.out.println("cache hits=" + cache.stats().hitCount() + " misses=" + cache.stats().missCount()
                + " size=" + cache.size() + " text=" + Hashing.crc32().hashString(cached, StandardCharsets.UTF_8));

        Hasher hasher = Hashing.sha256().newHasher();
        for (int i = 0; i < 1000 * size; i++) hasher.putInt(i).putString("item" + i, StandardCharsets.UTF_8);
        HashCode sha = hasher.hash();
        System.out.println("sha256 " + sha);
        System.out.println("murmur3 " + Hashing.murmur3_128(42).hashString("wholetrace", StandardCharsets.UTF_8));
        System.out.println("consistentHash " + Hashing.consistentHash(sha, 97));

        // Threads: each counts words of its own share into a shared map, guarded by striped locks.
        ConcurrentHashMap<String, Long> counts = new ConcurrentHashMap<>();
        Striped<Lock> stripes = Striped.lock(8);
        Map<String, Long> plainCounts = new TreeMap<>();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                for (int i = 0; i < 2000 * size; i++) {
                    String key = "k" + ((i * 7 + id) % 23);
                    counts.merge(key, 1L, Long::sum);
                    Lock lock = stripes.get(key);
                    lock.lock();
                    try {
                        synchronized (plainCounts) {
                            plainCounts.merge(key, (long) id + 1, Long::sum);
                        }
                    } finally {
                        lock.unlock();
                    }
                }
            }, "guava-" + t);
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) th.join();
        System.out.println("counts " + new TreeMap<>(counts));
        System.out.println("weighted " + Joiner.on(';').withKeyValueSeparator('=').join(plainCounts));
        System.exit(3);
    }
}
