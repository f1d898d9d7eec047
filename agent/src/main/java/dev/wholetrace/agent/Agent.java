package dev.wholetrace.agent;

import dev.wholetrace.agent.instrument.ClassInstrumenter;
import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.agent.jdk.BootstrapBridge;
import dev.wholetrace.agent.jdk.JdkHooks;
import dev.wholetrace.agent.jdk.bridge.JdkBridge;
import dev.wholetrace.agent.runtime.AgentLog;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.recorder.AgentOptions;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * {@code -javaagent:wholetrace-agent.jar=out=FILE,mode=cor|dor|cdr|all,include=PATTERNS,exclude=PATTERNS,interval=MS,codec=fast|xz}
 * ({@link AgentOptions}): instruments the program's classes as they load and records its execution
 * into FILE. JDK classes and the agent's own are never instrumented. The instrumentation's state is
 * one {@link InstrumentationContext}, made here and handed down; the probes' is the runtime's. The
 * trace is finished by a shutdown hook (normal exit, System.exit, SIGTERM); after SIGKILL it is
 * readable up to its last complete chunk.
 */
public final class Agent {
    private Agent() {}

    public static void premain(String args, Instrumentation inst) {
        try {
            AgentOptions options = AgentOptions.parse(args);
            RecorderConfig config = RecorderConfig.defaults(options.mode()).withCodec(options.codec()).withChunkMillis(options.intervalMillis())
                    .withProperty("program", String.valueOf(System.getProperty("sun.java.command")))
                    .withProperty("java.version", System.getProperty("java.version"))
                    // where the program's classes came from: race reports read their bytecode for artifacts
                    .withProperty("java.class.path", String.valueOf(System.getProperty("java.class.path")))
                    .withProperty("user.dir", String.valueOf(System.getProperty("user.dir")))
                    .withProperty("agent.options", args == null ? "" : args);
            TraceRecorder recorder = TraceRecorder.open(options.out(), config);
            InstrumentationContext context = new InstrumentationContext(recorder);
            ClassInstrumenter instrumenter = new ClassInstrumenter(context);
            Probes.install(recorder);
            hookJdk(inst, context);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(recorder), "wholetrace-shutdown"));
            inst.addTransformer(new Transformer(options, instrumenter));
        } catch (Throwable e) {
            AgentLog.once("start", "not recording: " + e.getMessage());
        }
    }

    /** Hand-overs inside the JDK's collections (agent/…/jdk); without them recording goes on. */
    private static void hookJdk(Instrumentation inst, InstrumentationContext context) {
        try {
            if (!BootstrapBridge.onBootPath()) BootstrapBridge.append(inst);
            JdkHooks.install(inst, context);
        } catch (Throwable e) {
            AgentLog.once("jdk-hooks", "not hooking JDK classes: " + e);
        }
    }

    private static void finish(TraceRecorder recorder) {
        Probes.install(null);
        try {
            recorder.close();
        } catch (Throwable e) {
            AgentLog.once("close", "the trace may be incomplete: " + e.getMessage());
        }
    }

    /** Instruments each class the options select, as it loads. */
    private static final class Transformer implements ClassFileTransformer {
        private final AgentOptions options;
        private final ClassInstrumenter instrumenter;
        private final Map<ClassLoader, Boolean> seesProbes = Collections.synchronizedMap(new WeakHashMap<>());

        Transformer(AgentOptions options, ClassInstrumenter instrumenter) {
            this.options = options;
            this.instrumenter = instrumenter;
        }

        @Override
        public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] classFile) {
            if (className == null || redefined != null || !instruments(loader, className) || !seesProbes(loader)) return null;
            boolean inside = JdkBridge.enter(); // the instrumenter's own maps are no hand-overs of the program
            try {
                return instrumenter.instrument(classFile, loader);
            } catch (Throwable e) {
                AgentLog.once("instrument:" + e.getClass().getName(), "left " + className + " uninstrumented: " + e);
                return null;
            } finally {
                JdkBridge.exit(inside);
            }
        }

        /** JDK and agent classes never; others as the options' include/exclude select them. */
        private boolean instruments(ClassLoader loader, String internalName) {
            if (loader == null || ClassInstrumenter.isPlatformClass(internalName) || internalName.startsWith("dev/wholetrace/agent/")) {
                return false;
            }
            return options.selects(internalName.replace('/', '.'));
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
