package dev.wholetrace.agent.jdk;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Which of the table's classes carry their hooks, as the JVM runs them: a class hooked as it loads carries
 * them at once; one loaded before the agent only once its retransformation succeeded (the JVM may
 * refuse it, or the class may not be modifiable, after the transformer has already returned the hooked
 * bytes). Told to {@code inPlace}, once a class, so that a call-site model the hooks replace is turned
 * off only where they do (docs/agent.md, "FutureTask inside the JDK").
 */
final class HookedClasses {
    private final Consumer<String> inPlace;
    /** Internal names of the classes told to {@link #inPlace}. */
    private final Set<String> hooked = ConcurrentHashMap.newKeySet();
    /** Internal names of classes the transformer hooked during a retransformation that has not returned yet. */
    private final Set<String> retransforming = ConcurrentHashMap.newKeySet();

    HookedClasses(Consumer<String> inPlace) {
        this.inPlace = inPlace;
    }

    /** The transformer returned hooked bytes for {@code internalName}; {@code redefining}: a retransformation, not a first load. */
    void transformed(String internalName, boolean redefining) {
        if (redefining) retransforming.add(internalName);
        else inPlaceNow(internalName); // the class is defined from these bytes, before any of its code runs
    }

    /** The retransformation of {@code c} succeeded: its hooks are in place if the transformer made them. */
    void retransformed(Class<?> c) {
        String internalName = internalName(c);
        if (retransforming.remove(internalName)) inPlaceNow(internalName);
    }

    private void inPlaceNow(String internalName) {
        hooked.add(internalName);
        inPlace.accept(internalName);
    }

    /** Whether {@code c}'s hooks are in place (told to {@code inPlace}). */
    boolean inPlace(Class<?> c) {
        return hooked.contains(internalName(c));
    }

    /** The retransformation of {@code c} failed: the JVM runs the class as it was. */
    void notRetransformed(Class<?> c) {
        retransforming.remove(internalName(c));
    }

    private static String internalName(Class<?> c) {
        return c.getName().replace('.', '/');
    }
}
