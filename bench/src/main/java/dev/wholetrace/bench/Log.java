package dev.wholetrace.bench;

import java.util.Locale;

/** Progress on stderr, each line stamped with the seconds since the run started. */
public final class Log {
    private final long start = System.nanoTime();
    private long lastProgress;

    public synchronized void info(String format, Object... args) {
        System.err.printf(Locale.ROOT, "[%6.1fs] %s%n", elapsed(), String.format(Locale.ROOT, format, args));
        System.err.flush();
    }

    /** Like {@link #info} but at most every few seconds. */
    public synchronized void progress(String format, Object... args) {
        long now = System.nanoTime();
        if (now - lastProgress < 5_000_000_000L) return;
        lastProgress = now;
        info(format, args);
    }

    public double elapsed() {
        return (System.nanoTime() - start) / 1e9;
    }
}
