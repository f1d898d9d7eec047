package dev.wholetrace.agent.jdk.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountedCompleter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The walk behind containsValue ({@code JdkBridge.keysOf}) takes each key's hash from the hook of the map's entry
 * iterator. Here the map's classes have no hooks (this JVM runs without the agent), as when that hook could not be
 * placed: the walk must then hand over nothing, never a hash the iterator did not report. A bulk operation's task
 * hands over each node it walks in the map its root task was registered for, and nothing without one.
 */
class JdkBridgeKeysTest {
    /** (key, hash) of every keyHashed the bridge delivered. */
    private final List<Object[]> handedOver = new ArrayList<>();

    @AfterEach
    void uninstall() {
        JdkBridge.install(null);
    }

    @Test
    void aWalkWithoutTheIteratorsHookHandsOverNoHash() {
        JdkBridge.install((JdkSink) Proxy.newProxyInstance(JdkSink.class.getClassLoader(), new Class<?>[] {JdkSink.class}, (p, m, a) -> {
            if (m.getName().equals("keyHashed")) handedOver.add(new Object[] {a[3], a[4]});
            return null;
        }));
        ConcurrentHashMap<Integer, String> map = new ConcurrentHashMap<>();
        for (int k = 1; k <= 3; k++) map.put(k, "v" + k);

        JdkBridge.valueAcquireIf(true, map, "v2", 0);

        for (Object[] h : handedOver) {
            int code = h[0].hashCode();
            assertThat(h[1]).as("hash handed over for key %s", h[0]).isEqualTo((code ^ (code >>> 16)) & 0x7fff_ffff);
        }
    }

    /** A task of a walk: its root is the first without a completer. */
    static final class Task extends CountedCompleter<Void> {
        Task(CountedCompleter<?> completer) {
            super(completer);
        }

        @Override
        public void compute() {}
    }

    @Test
    void aBulkTaskHandsOverInItsRootsMapOnly() {
        List<Object> maps = new ArrayList<>();
        JdkBridge.install((JdkSink) Proxy.newProxyInstance(JdkSink.class.getClassLoader(), new Class<?>[] {JdkSink.class}, (p, m, a) -> {
            if (m.getName().equals("keyHashed")) {
                maps.add(a[2]);
                handedOver.add(new Object[] {a[3], a[4]});
            }
            return null;
        }));
        ConcurrentHashMap<Object, String> map = new ConcurrentHashMap<>();
        Task root = new Task(null), forked = new Task(new Task(root)), unregistered = new Task(null);
        JdkBridge.bulkRoot(root, map, 0);
        Object key = new Object(); // a key of the program's class: the node's hash, never its hashCode

        JdkBridge.bulkNode(forked, key, "v", 12345, 0);
        JdkBridge.bulkNode(root, "k", "v", 7, 0); // a String: its own hashCode (docs/agent.md, "Approximations")
        JdkBridge.bulkNode(unregistered, key, "v", 1, 0);

        assertThat(maps).containsExactly(map, map);
        assertThat(handedOver).extracting(h -> h[0], h -> h[1]).containsExactly(tuple(key, 12345), tuple("k", "k".hashCode()));
    }
}
