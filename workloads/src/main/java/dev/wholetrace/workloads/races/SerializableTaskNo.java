package dev.wholetrace.workloads.races;

import dev.wholetrace.workloads.include.lib.PipeExecutor;
import java.io.Serializable;

/**
 * A Serializable task given to a library's Executor (outside the suite's include=) that hands it to its own
 * thread through a mechanism the agent does not see (a JDK pipe): main sets {@code input}, then {@code execute}s
 * a task that reads it; Executor's contract orders the two. The executor's close joins its thread before main
 * reads {@code output}. No race. (The agent leaves a Serializable task unwrapped for an executor that is not the
 * JDK's, as a distributed one serializes it; the call-site hand-over must not be lost with the wrapper.)
 */
public final class SerializableTaskNo {
    public static final String[] RACES = {};

    static int input;
    static int output;

    public static void main(String[] args) throws Exception {
        try (PipeExecutor executor = new PipeExecutor()) {
            input = 42;
            executor.execute((Runnable & Serializable) () -> output = input + 1);
        }
        System.out.println("output=" + output);
    }
}
