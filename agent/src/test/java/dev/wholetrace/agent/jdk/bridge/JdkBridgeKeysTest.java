package dev.wholetrace.agent.jdk.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The walk behind containsValue and the bulk operations ({@code JdkBridge.keysOf}) takes each key's hash from the
 * hook of the map's entry iterator. Here the map's classes have no hooks (this JVM runs without the agent), as when
 * that hook could not be placed: the walk must then hand over nothing, never a hash the iterator did not report.
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

        JdkBridge.keysAcquire(map, 0);
        JdkBridge.valueAcquireIf(true, map, "v2", 0);

        for (Object[] h : handedOver) {
            int code = h[0].hashCode();
            assertThat(h[1]).as("hash handed over for key %s", h[0]).isEqualTo((code ^ (code >>> 16)) & 0x7fff_ffff);
        }
    }
}
