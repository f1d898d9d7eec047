package dev.wholetrace.agent;

import dev.wholetrace.agent.instrument.ClassInstrumenter;
import dev.wholetrace.agent.runtime.AgentLog;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.regex.Pattern;

/**
 * {@code -javaagent:wholetrace-agent.jar=out=FILE,mode=cor|dor|cdr|all,include=PATTERNS,exclude=PATTERNS,interval=MS}:
 * instruments the program's classes as they load and records its execution into FILE. JDK classes
 * and the agent's own are never instrumented. The trace is finished by a shutdown hook (normal
 * exit, System.exit, SIGTERM); after SIGKILL it is readable up to its last complete chunk.
 */
public final class Agent {
    private Agent() {}

    public static void premain(String args, Instrumentation inst) {
        try {
            AgentOptions options = AgentOptions.parse(args);
            RecorderConfig config = RecorderConfig.defaults(options.mode()).withCodec(Codec.XZ).withChunkMillis(options.intervalMillis())
                    .withProperty("program", String.valueOf(System.getProperty("sun.java.command")))
                    .withProperty("java.version", System.getProperty("java.version"))
                    // where the program's classes came from: race reports read their bytecode for artifacts
                    .withProperty("java.class.path", String.valueOf(System.getProperty("java.class.path")))
                    .withProperty("user.dir", String.valueOf(System.getProperty("user.dir")))
                    .withProperty("agent.options", args == null ? "" : args);
            TraceRecorder recorder = TraceRecorder.open(options.out(), config);
            ClassInstrumenter instrumenter = new ClassInstrumenter(recorder);
            Probes.install(recorder);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(recorder), "wholetrace-shutdown"));
            inst.addTransformer(new ClassFileTransformer() {
                @Override
                public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                                        byte[] classFile) {
                    if (className == null || redefined != null || !options.instruments(loader, className) || !seesProbes(loader)) {
                        return null;
                    }
                    try {
                        return instrumenter.instrument(classFile, loader);
                    } catch (Throwable e) {
                        AgentLog.once("instrument:" + e.getClass().getName(), "left " + className + " uninstrumented: " + e);
                        return null;
                    }
                }
            });
        } catch (Throwable e) {
            AgentLog.once("start", "not recording: " + e.getMessage());
        }
    }

    private static final Map<ClassLoader, Boolean> SEES_PROBES = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Whether classes of {@code loader} resolve the probes to our runtime. A loader that does not
     * delegate to the system loader (some servers and plugin systems) would make instrumented code
     * fail with NoClassDefFoundError, so its classes are left alone.
     */
    private static boolean seesProbes(ClassLoader loader) {
        return SEES_PROBES.computeIfAbsent(loader, l -> {
            try {
                return Class.forName(Probes.class.getName(), false, l) == Probes.class;
            } catch (Throwable e) {
                AgentLog.once("loader:" + l.getClass().getName(), "not instrumenting classes of " + l + ": it does not see the agent");
                return false;
            }
        });
    }

    private static void finish(TraceRecorder recorder) {
        Probes.install(null);
        try {
            recorder.close();
        } catch (Throwable e) {
            AgentLog.once("close", "the trace may be incomplete: " + e.getMessage());
        }
    }

    /** Parsed agent arguments. */
    record AgentOptions(Path out, TraceMode mode, Pattern[] include, Pattern[] exclude, long intervalMillis) {
        static AgentOptions parse(String args) {
            Path out = Path.of("wholetrace.wtrace");
            TraceMode mode = TraceMode.COR;
            Pattern[] include = new Pattern[0];
            Pattern[] exclude = new Pattern[0];
            long interval = 10_000; // a chunk at least every 10 s: what a SIGKILL can lose
            if (args != null && !args.isBlank()) {
                for (String kv : args.split(",")) {
                    int eq = kv.indexOf('=');
                    if (eq < 0) throw new IllegalArgumentException("option '" + kv + "' is not key=value");
                    String key = kv.substring(0, eq).trim();
                    String value = kv.substring(eq + 1).trim();
                    switch (key) {
                        case "out" -> out = Path.of(value);
                        case "mode" -> mode = TraceMode.parse(value);
                        case "include" -> include = patterns(value);
                        case "exclude" -> exclude = patterns(value);
                        case "interval" -> interval = Long.parseLong(value);
                        default -> throw new IllegalArgumentException("unknown option '" + key + "' (out, mode, include, exclude, interval)");
                    }
                }
            }
            if (interval < 1) throw new IllegalArgumentException("interval must be at least 1 ms");
            return new AgentOptions(out, mode, include, exclude, interval);
        }

        /** JDK and agent classes never; others by include/exclude (dotted names, * wildcards, ':'-separated). */
        boolean instruments(ClassLoader loader, String internalName) {
            if (loader == null || ClassInstrumenter.isPlatformClass(internalName) || internalName.startsWith("dev/wholetrace/agent/")) {
                return false;
            }
            String name = internalName.replace('/', '.');
            if (include.length > 0 && !matchesAny(include, name)) return false;
            return !matchesAny(exclude, name);
        }

        /** ':'-separated class-name patterns with * wildcards, compiled once. */
        private static Pattern[] patterns(String value) {
            return Arrays.stream(value.split(":")).filter(p -> !p.isEmpty())
                    .map(p -> Pattern.compile(Pattern.quote(p).replace("*", "\\E.*\\Q"))).toArray(Pattern[]::new);
        }

        private static boolean matchesAny(Pattern[] patterns, String name) {
            for (Pattern p : patterns) if (p.matcher(name).matches()) return true;
            return false;
        }
    }
}
