package dev.wholetrace.agent.jdk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.instrument.InstrumentationContext;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which hooked classes the agent counts as hooked (and so turns the call-site model they replace off for,
 * the FutureTask joins): those hooked as they load, and those loaded before whose retransformation
 * succeeded; not one the JVM refused to retransform or cannot modify, though the transformer had
 * returned its hooked bytes. A fake JVM runs the real transformer on the real class files.
 */
class JdkHooksRetransformTest {
    @TempDir
    static Path dir;
    static TraceRecorder recorder;
    static JdkClassHooks hooks;

    @BeforeAll
    static void open() throws IOException {
        recorder = TraceRecorder.open(dir.resolve("t.wtrace"), RecorderConfig.defaults(TraceMode.COR));
        hooks = new JdkClassHooks(new InstrumentationContext(recorder));
    }

    @AfterAll
    static void close() throws IOException {
        recorder.close();
    }

    /**
     * A JVM that has loaded FutureTask, ConcurrentHashMap and ForkJoinPool: a retransformation runs the transformer on each
     * class, then fails (as a whole, as the JVM's does) if it includes one of {@code refused}; a class of
     * {@code unmodifiable} is not modifiable.
     */
    static Instrumentation jvm(JdkHooks.Transformer transformer, Set<Class<?>> refused, Set<Class<?>> unmodifiable) {
        Class<?>[] loaded = {FutureTask.class, ConcurrentHashMap.class, ForkJoinPool.class};
        return (Instrumentation) Proxy.newProxyInstance(JdkHooksRetransformTest.class.getClassLoader(), new Class<?>[] {Instrumentation.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getAllLoadedClasses" -> loaded.clone();
                    case "isModifiableClass" -> !unmodifiable.contains((Class<?>) args[0]);
                    case "isRetransformClassesSupported" -> true;
                    case "retransformClasses" -> {
                        Class<?>[] classes = (Class<?>[]) args[0];
                        boolean refuse = false;
                        for (Class<?> c : classes) {
                            String name = c.getName().replace('.', '/');
                            transformer.transform(null, name, c, null, classFile(name));
                            refuse |= refused.contains(c);
                        }
                        if (refuse) throw new UnmodifiableClassException("refused");
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    static byte[] classFile(String internalName) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    /** The classes told in place when the fake JVM retransforms those it loaded. */
    static List<String> inPlaceAfterRetransforming(Set<Class<?>> refused, Set<Class<?>> unmodifiable) {
        List<String> inPlace = Collections.synchronizedList(new ArrayList<>());
        HookedClasses hooked = new HookedClasses(inPlace::add);
        JdkHooks.Transformer transformer = new JdkHooks.Transformer(hooks, hooked);
        JdkHooks.retransformLoaded(jvm(transformer, refused, unmodifiable), hooked);
        return inPlace;
    }

    @Test
    void classesRetransformedSuccessfullyAreInPlace() {
        assertThat(inPlaceAfterRetransforming(Set.of(), Set.of()))
                .containsExactlyInAnyOrder("java/util/concurrent/FutureTask", "java/util/concurrent/ConcurrentHashMap", "java/util/concurrent/ForkJoinPool");
    }

    @Test
    void aClassTheJvmRefusedToRetransformIsNotInPlaceAndTheOthersStillAre() {
        // the transformer returned FutureTask's hooked bytes both times (the batch, then alone), and the JVM refused them
        assertThat(inPlaceAfterRetransforming(Set.of(FutureTask.class), Set.of()))
                .containsExactlyInAnyOrder("java/util/concurrent/ConcurrentHashMap", "java/util/concurrent/ForkJoinPool");
    }

    @Test
    void anUnmodifiableClassIsNotInPlace() {
        assertThat(inPlaceAfterRetransforming(Set.of(), Set.of(FutureTask.class)))
                .containsExactlyInAnyOrder("java/util/concurrent/ConcurrentHashMap", "java/util/concurrent/ForkJoinPool");
    }

    @Test
    void aClassHookedAsItLoadsIsInPlaceAtOnceAndOneLeftAloneIsNot() throws IOException {
        List<String> inPlace = new ArrayList<>();
        JdkHooks.Transformer transformer = new JdkHooks.Transformer(hooks, new HookedClasses(inPlace::add));
        assertThat(transformer.transform(null, "java/util/concurrent/FutureTask", null, null, classFile("java/util/concurrent/FutureTask")))
                .isNotNull();
        assertThat(transformer.transform(null, "java/util/concurrent/FutureTask", null, null, new byte[] {1, 2, 3})).isNull(); // not a class file
        assertThat(transformer.transform(null, "java/lang/String", null, null, classFile("java/lang/String"))).isNull(); // not in the table
        assertThat(inPlace).containsExactly("java/util/concurrent/FutureTask");
    }

    /** Whether the call-site fork/join and CompletableFuture models go off after the fake JVM retransformed what it loaded. */
    static boolean handOversInPlaceAfterRetransforming(Set<Class<?>> refused, Set<Class<?>> unmodifiable) {
        HookedClasses hooked = new HookedClasses(name -> { });
        JdkHooks.Transformer transformer = new JdkHooks.Transformer(hooks, hooked);
        Instrumentation jvm = jvm(transformer, refused, unmodifiable);
        JdkHooks.retransformLoaded(jvm, hooked);
        return JdkHooks.handOversInPlace(jvm, hooked);
    }

    /**
     * The call-site fork/join and CompletableFuture-stage models go off only if ForkJoinPool, loaded before the agent,
     * carries its hooks: refused or unmodifiable, they stay (another class not hooked, FutureTask, does not matter).
     */
    @Test
    void callSiteHandOversStayWhileALoadedForkJoinClassIsNotHooked() {
        assertThat(handOversInPlaceAfterRetransforming(Set.of(), Set.of())).isTrue();
        assertThat(handOversInPlaceAfterRetransforming(Set.of(FutureTask.class), Set.of())).isTrue();
        assertThat(handOversInPlaceAfterRetransforming(Set.of(ForkJoinPool.class), Set.of())).isFalse();
        assertThat(handOversInPlaceAfterRetransforming(Set.of(), Set.of(ForkJoinPool.class))).isFalse();
    }
}
