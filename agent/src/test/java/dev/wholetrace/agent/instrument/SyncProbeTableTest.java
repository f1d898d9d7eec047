package dev.wholetrace.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;

/**
 * Every probe the sync tables name exists with the descriptor the instrumenter calls it with (a
 * missing one would be a NoSuchMethodError in the program, after the call), and every call matched
 * on a JDK owner names a real method of it.
 */
class SyncProbeTableTest {
    @Test
    void everyProbeExists() throws Exception {
        List<String[]> probes = SyncCallTable.probes();
        assertThat(probes).hasSizeGreaterThan(150);
        for (String[] p : probes) {
            Class<?> owner = Class.forName(p[2].replace('/', '.'));
            assertThat(Arrays.stream(owner.getMethods()).filter(m -> m.getName().equals(p[3])
                    && Type.getMethodDescriptor(m).equals(p[4]) && Modifier.isStatic(m.getModifiers())))
                    .as("%s.%s%s for %s", p[2], p[3], p[4], p[1]).hasSize(1);
        }
    }

    @Test
    void everyCallOnANamedJdkTypeExists() throws Exception {
        for (String[] p : SyncCallTable.probes()) {
            String owner = !p[0].isEmpty() ? p[0]
                    : p[2].endsWith("SyncStamped") ? "java/util/concurrent/locks/StampedLock"
                    : p[2].endsWith("SyncPhasers") ? "java/util/concurrent/Phaser" : null;
            if (owner == null) continue;
            Class<?> c = Class.forName(owner.replace('/', '.'));
            String call = p[1];
            boolean found = false;
            for (Method m : c.getMethods()) found |= (m.getName() + Type.getMethodDescriptor(m)).equals(call);
            // a protected method only a subclass calls (AbstractQueuedSynchronizer's state accessors)
            for (Method m : c.getDeclaredMethods()) {
                found |= Modifier.isProtected(m.getModifiers()) && (m.getName() + Type.getMethodDescriptor(m)).equals(call);
            }
            assertThat(found).as("%s.%s", owner, call).isTrue();
        }
    }
}
