package dev.wholetrace.cli;

import java.util.Locale;

/**
 * The heap a command may use, and what to say when a command needs more. The {@code wholetrace}
 * launcher gives the CLI {@code -Xmx512m} unless {@code WHOLETRACE_MEMORY} or {@code --memory}
 * asks for more (and tells us so through the system property {@value #PROPERTY}); {@code JAVA_OPTS}
 * replaces all of that, and {@code java -jar} has the JVM's default.
 */
final class MemoryBudget {
    /** Set by the launcher to the budget it gave the JVM (e.g. {@code 512m}). */
    static final String PROPERTY = "wholetrace.memory";

    private final long maxBytes;
    private final boolean fromLauncher;

    MemoryBudget(long maxBytes, boolean fromLauncher) {
        this.maxBytes = maxBytes;
        this.fromLauncher = fromLauncher;
    }

    /** The budget of this JVM: its maximum heap. */
    static MemoryBudget ofThisJvm() {
        return new MemoryBudget(Runtime.getRuntime().maxMemory(), System.getProperty(PROPERTY) != null);
    }

    /** "out of memory: stats needed more than the 512 MB budget; raise it with WHOLETRACE_MEMORY=1g ...": one line. */
    String exceeded(String command) {
        long mb = Math.max(1, Math.round(maxBytes / (1024.0 * 1024.0)));
        String more = suggestion(2 * mb);
        String how = fromLauncher
                ? "raise it with WHOLETRACE_MEMORY=" + more + " or 'wholetrace --memory " + more + " ...'"
                : "raise it with the JVM option -Xmx" + more + " (JAVA_OPTS for the wholetrace launcher)";
        return String.format(Locale.ROOT, "out of memory: %s needed more than the %d MB budget; %s", command, mb, how);
    }

    /** A size as -Xmx takes it, in whole gigabytes from 1 GB on. */
    static String suggestion(long mb) {
        return mb >= 1024 ? ((mb + 1023) / 1024) + "g" : mb + "m";
    }
}
