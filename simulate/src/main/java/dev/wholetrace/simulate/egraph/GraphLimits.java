package dev.wholetrace.simulate.egraph;

import java.util.List;
import java.util.Map;

/**
 * What a built graph leaves out, so that a prediction is not silently wrong (docs/egraph.md,
 * "What the graph leaves out"): the code the simulation does not see.
 *
 * @param outsideCalls call sites into methods of classes that were not given (neither the program
 *     nor {@code --classpath}) and are not a JDK class, by {@code owner.name}, most sites first: each
 *     is costed as one invoke instruction however much work the callee does
 * @param neverRun methods of the graph that no simulated thread calls or starts: code outside the
 *     given classes calls them (a lambda kept in a variable before it is handed to the JDK, a method
 *     reference, a callback registered with a library)
 */
public record GraphLimits(Map<String, Integer> outsideCalls, List<String> neverRun) {
    /** Whether a class of this internal name is the JDK's or an array type (a call into it costs one invoke, which is all the machine model knows of it). */
    static boolean isJdk(String internalName) {
        return internalName.startsWith("[") || internalName.startsWith("java/") || internalName.startsWith("javax/") || internalName.startsWith("jdk/")
                || internalName.startsWith("sun/") || internalName.startsWith("com/sun/") || internalName.startsWith("org/w3c/")
                || internalName.startsWith("org/xml/") || internalName.startsWith("org/ietf/");
    }

    /** Call sites into classes not given, summed over methods. */
    public int outsideCallSites() {
        return outsideCalls.values().stream().mapToInt(Integer::intValue).sum();
    }
}
