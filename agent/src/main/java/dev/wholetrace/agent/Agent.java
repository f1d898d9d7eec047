package dev.wholetrace.agent;

import dev.wholetrace.agent.instrument.ClassInstrumenter;
import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.agent.jdk.BootstrapBridge;
import dev.wholetrace.agent.jdk.JdkHooks;
import dev.wholetrace.agent.jdk.bridge.JdkBridge;
import dev.wholetrace.agent.runtime.AgentLog;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.format.wtrace.ProgramProperties;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.recorder.AgentOptions;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.recorder.ewpp.OwnWorkGuard;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * {@code -javaagent:wholetrace-agent.jar=out=FILE,mode=cor|dor|cdr|all,include=PATTERNS,exclude=PATTERNS,interval=MS,codec=fast|xz}
 * ({@link AgentOptions}; FILE may contain {@code %p}, the pid: {@link TraceFileClaim}): instruments
 * the program's classes as they load and records its execution into FILE. JDK classes and the agent's own are never instrumented; classes include/exclude do not
 * select get their sync operations probed only. The instrumentation's state is
 * one {@link InstrumentationContext}, made here and handed down; the probes' is the runtime's. The
 * trace is finished by a shutdown hook (normal exit, System.exit, SIGTERM); after SIGKILL it is
 * readable up to its last complete chunk.
 */
public final class Agent {
    private Agent() {}

    public static void premain(String args, Instrumentation inst) {
        try {
            AgentOptions options = AgentOptions.parse(args);
            String classPath = String.valueOf(System.getProperty("java.class.path"));
            RecorderConfig config = RecorderConfig.defaults(options.mode()).withCodec(options.codec()).withChunkMillis(options.intervalMillis())
                    .withGrammar(options.grammar())
                    .withProperty("program", String.valueOf(System.getProperty("sun.java.command")))
                    .withProperty("java.version", System.getProperty("java.version"))
                    // where the program's classes came from: race reports read their bytecode for artifacts
                    .withProperty(ProgramProperties.CLASS_PATH, classPath)
                    .withProperty(ProgramProperties.USER_DIR, String.valueOf(System.getProperty("user.dir")))
                    .withProperty("agent.options", args == null ? "" : args);
            if (options.chunkEvents() > 0) config = config.withChunkEvents(options.chunkEvents());
            if (options.mode() == TraceMode.EWPP) // the signature the trace holds, also where the default was chosen (docs/ewpp.md)
                config = config.withProperty(CheckSymbols.SIGNATURE_PROPERTY, CheckSymbols.distanceSignature(options.signature()) ? "distance" : "search");
            if (options.caps() != null) config = config.withProperty(EwppCaps.PROPERTY, options.caps());
            if (options.pipeline() != null) config = config.withProperty(RecorderConfig.STRATA_PIPELINE_PROPERTY, options.pipeline());
            if (options.filter() != null) { // mode ewpp: the filtering phase, kept in the trace (docs/ewpp.md)
                config = config.withProperty(DependenceFilter.PROPERTY, DependenceFilter.decode(Files.readString(options.filter())).encode());
            }
            TraceFileClaim file = TraceFileClaim.claim(options.outOf(ProcessHandle.current().pid()), ProcessHandle.current().pid(), System.err);
            TraceRecorder recorder;
            try {
                recorder = TraceRecorder.open(file.path(), config);
            } catch (Throwable e) {
                file.close();
                throw e;
            }
            recorder.guardOwnWork(new OwnWorkGuard() { // mode ewpp: the shared table's spill file is no program I/O
                @Override
                public boolean enter() {
                    return JdkBridge.enter();
                }

                @Override
                public void exit(boolean wasInside) {
                    JdkBridge.exit(wasInside);
                }
            });
            InstrumentationContext context = new InstrumentationContext(recorder);
            ClassInstrumenter instrumenter = new ClassInstrumenter(context);
            Probes.install(recorder, context.fieldOffsets());
            hookJdk(inst, context);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(recorder, file, classPath), "wholetrace-shutdown"));
            inst.addTransformer(new Transformer(options, instrumenter));
        } catch (Throwable e) {
            AgentLog.once("start", "not recording: " + e.getMessage());
        }
    }

    /** Hand-overs inside the JDK's collections (agent/…/jdk); without them recording goes on. */
    private static void hookJdk(Instrumentation inst, InstrumentationContext context) {
        try {
            if (!BootstrapBridge.onBootPath()) BootstrapBridge.append(inst);
            // the hooks are live once installed, and the recorder is: the installer's own sets of hooked classes
            // (ConcurrentHashMap's, keyed by class name) are no hand-overs of main
            boolean inside = JdkBridge.enter();
            try {
                JdkHooks.install(inst, context);
            } finally {
                JdkBridge.exit(inside);
            }
        } catch (Throwable e) {
            AgentLog.once("jdk-hooks", "not hooking JDK classes: " + e);
        }
    }

    private static void finish(TraceRecorder recorder, TraceFileClaim file, String classPathAtStart) {
        Probes.install(null);
        try {
            // test runners (Maven Surefire's manifest-only booter jar) set the real class path once the program runs
            String classPath = System.getProperty("java.class.path");
            if (classPath != null && !classPath.equals(classPathAtStart)) recorder.property(ProgramProperties.CLASS_PATH_AT_EXIT, classPath);
        } catch (Throwable e) {
            // a program's security manager may forbid the read: the class path of the start must do, the trace must still be finished
            AgentLog.once("classpath", "the class path at exit is not recorded: " + e.getMessage());
        }
        try {
            recorder.close();
        } catch (Throwable e) {
            AgentLog.once("close", "the trace may be incomplete: " + e.getMessage());
        }
        try {
            file.close();
        } catch (Throwable e) {
            // the lock goes with the process anyway
        }
    }

    /** Instruments each class as it loads: fully when the options select it, for its sync operations otherwise. */
    private static final class Transformer implements ClassFileTransformer {
        private static final ClassLoader PLATFORM_LOADER = ClassLoader.getPlatformClassLoader();
        private final AgentOptions options;
        private final ClassInstrumenter instrumenter;
        private final Map<ClassLoader, Boolean> seesProbes = Collections.synchronizedMap(new WeakHashMap<>());

        Transformer(AgentOptions options, ClassInstrumenter instrumenter) {
            this.options = options;
            this.instrumenter = instrumenter;
        }

        @Override
        public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] classFile) {
            if (className == null || redefined != null || !instruments(loader, className)) return null;
            // the loaders' map (a synchronized map, whose monitor is hooked) and the instrumenter's own maps are no
            // hand-overs of the program: a class defined outside loadClass (Lookup.defineClass) runs this with the hooks live
            boolean inside = JdkBridge.enter();
            try {
                if (!seesProbes(loader)) return null;
                // include=/exclude= narrow what is checked, not what orders it: the others get sync probes only.
                return instrumenter.instrument(classFile, loader, options.selects(className.replace('/', '.')));
            } catch (Throwable e) {
                AgentLog.once("instrument:" + e.getClass().getName(), "left " + className + " uninstrumented: " + e);
                return null;
            } finally {
                JdkBridge.exit(inside);
            }
        }

        /**
         * JDK and agent classes never; every other class, fully or (not selected) for its sync
         * operations. The platform loader defines only JDK modules (java.net.http, java.sql, ...),
         * some outside the JDK's package prefixes, and it cannot see the agent.
         */
        private boolean instruments(ClassLoader loader, String internalName) {
            return loader != null && loader != PLATFORM_LOADER && !ClassInstrumenter.isPlatformClass(internalName)
                    && !internalName.startsWith("dev/wholetrace/agent/");
        }

        /**
         * Whether classes of {@code loader} resolve the probes to our runtime. A loader that does not
         * delegate to the system loader (some servers and plugin systems) would make instrumented code
         * fail with NoClassDefFoundError, so its classes are left alone.
         */
        private boolean seesProbes(ClassLoader loader) {
            return seesProbes.computeIfAbsent(loader, l -> {
                try {
                    return Class.forName(Probes.class.getName(), false, l) == Probes.class;
                } catch (Throwable e) {
                    AgentLog.once("loader:" + l.getClass().getName(), "not instrumenting classes of " + l + ": it does not see the agent");
                    return false;
                }
            });
        }
    }
}
