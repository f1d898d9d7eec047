package dev.wholetrace.agent.runtime;

/**
 * Keeps the agent's call helpers (SyncWait, SyncThreadStarts), task wrappers (SyncTaskWrappers) and the method-reference
 * bridges the instrumenter generates (methods named {@code wholetrace$ref$N} in the program's classes)
 * out of the stack traces the program sees: they stand between the program and a method that may
 * throw (a JDK method, or the program's task), and a program that prints the exception must print
 * what it would without the agent.
 */
public final class SyncFrames {
    /** The name prefix of generated method-reference bridges (the instrumenter's ClassInstrumenter.SYNTHETIC_PREFIX). */
    private static final String BRIDGE = "wholetrace$ref$";

    private SyncFrames() {}

    /**
     * Removes the helpers' frames from {@code e}'s stack trace (its causes never pass through them).
     * Called by generated bridges' catch-all handlers, which then rethrow.
     */
    public static void scrub(Throwable e) {
        try {
            StackTraceElement[] trace = e.getStackTrace();
            int kept = 0;
            for (StackTraceElement f : trace) if (!isHelper(f)) kept++;
            if (kept == trace.length) return;
            StackTraceElement[] scrubbed = new StackTraceElement[kept];
            int i = 0;
            for (StackTraceElement f : trace) if (!isHelper(f)) scrubbed[i++] = f;
            e.setStackTrace(scrubbed);
        } catch (Throwable ignored) {
            // the program gets its exception either way
        }
    }

    private static boolean isHelper(StackTraceElement f) {
        String c = f.getClassName();
        return c.equals(SyncWait.class.getName()) || c.equals(SyncThreadStarts.class.getName()) || c.startsWith(SyncTaskWrappers.class.getName()) || c.startsWith(SyncStageWrappers.class.getName()) || f.getMethodName().startsWith(BRIDGE);
    }
}
