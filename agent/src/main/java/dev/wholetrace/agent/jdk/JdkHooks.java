package dev.wholetrace.agent.jdk;

import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.agent.jdk.bridge.JdkBridge;
import dev.wholetrace.agent.runtime.AgentLog;
import dev.wholetrace.agent.runtime.SyncTasks;
import dev.wholetrace.agent.runtime.SyncThreadStarts;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
        // SyncTasks is told from inside the transformer as FutureTask loads: linked now, not while a class loads
        try {
            MethodHandles.lookup().ensureInitialized(SyncTasks.class);
            MethodHandles.lookup().ensureInitialized(SyncThreadStarts.class);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e); // public: cannot happen
        }
        HookedClasses hooked = new HookedClasses(JdkHooks::inPlace);
        inst.addTransformer(new Transformer(new JdkClassHooks(context), hooked), true);
        if (inst.isRetransformClassesSupported()) {
            retransformLoaded(inst, hooked);
        } else {
            AgentLog.once("jdk-hooks-retransform", "JDK classes loaded before the agent are not hooked: retransformation is not supported");
        }
        // a pool's first submit then finds FutureTask's hooks in place (SyncTasks.poolInJdk): loaded now, hooked as it loads
        try {
            Class.forName("java.util.concurrent.FutureTask", false, null);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e); // java.base: cannot happen
        }
        // the call-site fork/join, CompletableFuture-stage and supplyAsync/runAsync models would record the same edges again; told before the
        // application's transformer is added, and only once the hooks are known in place, as for FutureTask
        if (handOversInPlace(inst, hooked)) {
            context.hookedInJdk();
            SyncTasks.completableFuturesInJdk();
        } else {
            AgentLog.once("jdk-hooks-handovers", "fork/join and CompletableFuture hand-overs are recorded at the program's calls: a JDK class of theirs is not hooked");
        }
    }

    /**
     * Whether every class whose hooks replace the call-site fork/join and CompletableFuture-stage models
     * ({@link JdkHookTable#handOverClasses}) carries them, if it is loaded already (the agent's own start may load
     * ForkJoinPool); one loaded later is hooked as it loads. Otherwise those models stay (the hooked classes then
     * record some edges twice, which orders nothing more; without the models an unhooked class would order nothing).
     */
    static boolean handOversInPlace(Instrumentation inst, HookedClasses hooked) {
        List<String> handOvers = JdkHookTable.handOverClasses();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getClassLoader() == null && handOvers.contains(c.getName().replace('.', '/')) && !hooked.inPlace(c)) return false;
        }
        return true;
    }

    /**
     * A class whose hooks the JVM now runs: the call-site join of a JDK FutureTask's get() would record the same
     * edge again, so it is turned off, but only then (a FutureTask that could not be hooked keeps the call-site joins).
     */
    static void inPlace(String internalName) {
        if (internalName.equals(JdkHookTable.FUTURE_TASK)) SyncTasks.futureTasksJoinInJdk();
        if (internalName.equals(JdkHookTable.THREAD)) SyncThreadStarts.platformStartsInJdk();
        if (internalName.equals(JdkHookTable.THREAD_POOL)) SyncTasks.poolTasksInJdk();
        if (JdkHookTable.isQueue(internalName)) SyncTasks.queueInJdk(internalName.replace('/', '.'));
    }

    /**
     * Hooks the table's classes already loaded, by retransformation, and tells {@code hooked} which succeeded.
     * A class first loaded while one of the agent's transformers runs on its thread never reaches a transformer
     * (the JVM does not re-enter them): the collection-call instrumenter resolves the java.util types it meets,
     * Vector and Hashtable among them. So the table's top-level classes outside java.util.concurrent are loaded
     * now (not initialized) and hooked by retransformation with those already loaded: one call for all (one
     * class redefinition pass), or one class at a time if that fails, so that one that cannot be hooked leaves
     * the others hooked.
     */
    static void retransformLoaded(Instrumentation inst, HookedClasses hooked) {
        Set<String> names = new HashSet<>();
        for (String n : JdkHookTable.classes()) {
            names.add(n.replace('/', '.'));
            if (n.startsWith("java/util/concurrent/") || n.indexOf('$') >= 0) continue;
            try {
                Class.forName(n.replace('/', '.'), false, null);
            } catch (Throwable e) {
                // not in this JDK
            }
        }
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getClassLoader() == null && names.contains(c.getName()) && inst.isModifiableClass(c)) loaded.add(c);
        }
        try {
            inst.retransformClasses(loaded.toArray(new Class<?>[0]));
            for (Class<?> c : loaded) hooked.retransformed(c);
        } catch (Throwable all) {
            for (Class<?> c : loaded) {
                try {
                    inst.retransformClasses(c);
                    hooked.retransformed(c);
                } catch (Throwable e) {
                    hooked.notRetransformed(c);
                    AgentLog.once("jdk-hooks-retransform:" + c.getName(), c.getName() + " is not hooked: " + e);
                }
            }
        }
    }

    /** Hooks the table's classes of the bootstrap loader, as they load or are retransformed; nothing else. */
    static final class Transformer implements ClassFileTransformer {
        private final JdkClassHooks hooks;
        private final HookedClasses hooked;

        Transformer(JdkClassHooks hooks, HookedClasses hooked) {
            this.hooks = hooks;
            this.hooked = hooked;
        }

        @Override
        public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] classFile) {
            if (loader != null || className == null || !JdkHookTable.hooks(className)) return null;
            boolean inside = JdkBridge.enter();
            try {
                byte[] hookedBytes = hooks.hook(classFile);
                if (hookedBytes != null) hooked.transformed(className, redefined != null);
                return hookedBytes;
            } catch (Throwable e) {
                AgentLog.once("jdk-hook:" + className, "left " + className + " without hooks: " + e);
                return null;
            } finally {
                JdkBridge.exit(inside);
            }
        }
    }
}
