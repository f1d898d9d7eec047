package dev.wholetrace.agent.runtime;

/**
 * Keeps the agent's call helpers (SyncWait, SyncRefs) and task wrappers (SyncTaskWrappers) out of
 * the stack traces the program sees: they stand between the program and a method that may throw
 * (a JDK method, or the program's task), and a program that prints the exception must print what
 * it would without the agent.
 */
final class SyncFrames {
    private SyncFrames() {}

    /** Removes the helpers' frames from {@code e}'s stack trace (its causes never pass through them). */
    static void scrub(Throwable e) {
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
        return c.equals(SyncWait.class.getName()) || c.equals(SyncRefs.class.getName()) || c.startsWith(SyncTaskWrappers.class.getName());
    }
}
