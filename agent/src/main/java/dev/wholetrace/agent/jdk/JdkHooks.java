package dev.wholetrace.agent.jdk;

import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.agent.jdk.bridge.JdkBridge;
import dev.wholetrace.agent.runtime.AgentLog;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * Hooks inside selected JDK classes (docs/agent.md, "Hand-overs inside the JDK"): a transformer for
 * the classes {@link JdkHookTable} names, applied by retransformation right after premain loaded them all
 * (and, should one load later after all, as it loads). Call {@link BootstrapBridge#append}
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
        context.forkJoinHookedInJdk(); // the call-site fork/join models would record the same edges again
        inst.addTransformer(new Transformer(new JdkClassHooks(context)), true);
        if (!inst.isRetransformClassesSupported()) {
            AgentLog.once("jdk-hooks-retransform", "JDK classes loaded before the agent are not hooked: retransformation is not supported");
            return;
        }
        // Every class of the table is loaded now (not initialized) and hooked by retransformation: a class first
        // loaded while one of the agent's transformers runs on that thread (the collection-call instrumenter
        // resolves the JDK types it meets, Vector among them) never reaches a transformer, the JVM does not
        // re-enter them. One class at a time, so that one that cannot be hooked leaves the others hooked.
        for (String n : JdkHookTable.classes()) {
            Class<?> c;
            try {
                c = Class.forName(n.replace('/', '.'), false, null);
            } catch (Throwable e) {
                continue; // not in this JDK (an inner class of another release)
            }
            if (!inst.isModifiableClass(c)) continue;
            try {
                inst.retransformClasses(c);
            } catch (Throwable e) {
                AgentLog.once("jdk-hooks-retransform:" + n, n + " is not hooked: " + e);
            }
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
