package dev.wholetrace.agent.jdk;

import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.agent.jdk.bridge.JdkBridge;
import dev.wholetrace.agent.runtime.AgentLog;
import dev.wholetrace.agent.runtime.SyncStages;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Hooks inside selected JDK classes (docs/agent.md, "Hand-overs inside the JDK"): a transformer for
 * the classes {@link JdkHookTable} names, applied as they load and, for those already loaded before
 * premain (ConcurrentHashMap always is), by retransformation. Call {@link BootstrapBridge#append}
 * first: this class links against the bridge, which must then come from the bootstrap class path.
 */
public final class JdkHooks {
    private JdkHooks() {}

    /** Installs the hooks and starts delivering hand-overs to the recorder. Failures are said once; recording goes on without hooks. */
    public static void install(Instrumentation inst, InstrumentationContext context) {
        if (JdkBridge.class.getClassLoader() != null) {
            AgentLog.once("jdk-hooks", "not hooking JDK classes: the bridge is not on the bootstrap class path");
            return;
        }
        JdkBridge.install(new HandoverSink());
        inst.addTransformer(new Transformer(new JdkClassHooks(context)), true);
        SyncStages.hookedInJdk(); // CompletableFuture's completions come from the JDK now: no call-site stage wrappers
        if (!inst.isRetransformClassesSupported()) {
            AgentLog.once("jdk-hooks-retransform", "JDK classes loaded before the agent are not hooked: retransformation is not supported");
            return;
        }
        Set<String> names = new HashSet<>();
        for (String n : JdkHookTable.classes()) names.add(n.replace('/', '.'));
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getClassLoader() == null && names.contains(c.getName()) && inst.isModifiableClass(c)) loaded.add(c);
        }
        try {
            inst.retransformClasses(loaded.toArray(new Class<?>[0]));
        } catch (Throwable e) {
            AgentLog.once("jdk-hooks-retransform", "JDK classes loaded before the agent are not hooked: " + e);
        }
    }

    /** Hooks the table's classes of the bootstrap loader, as they load or are retransformed; nothing else. */
    private static final class Transformer implements ClassFileTransformer {
        private final JdkClassHooks hooks;

        Transformer(JdkClassHooks hooks) {
            this.hooks = hooks;
        }

        @Override
        public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] classFile) {
            if (loader != null || className == null || !JdkHookTable.hooks(className)) return null;
            boolean inside = JdkBridge.enter();
            try {
                return hooks.hook(classFile);
            } catch (Throwable e) {
                AgentLog.once("jdk-hook:" + className, "left " + className + " without hooks: " + e);
                return null;
            } finally {
                JdkBridge.exit(inside);
            }
        }
    }
}
