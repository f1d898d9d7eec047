package dev.wholetrace.cli.term;

import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.function.LongConsumer;

/**
 * A one-line progress report on stderr for long jobs, redrawn at most five times a second and
 * only when stderr is a terminal (so logs and pipes stay clean).
 */
public final class Progress implements LongConsumer, AutoCloseable {
    private final PrintWriter err;
    private final String what;
    private final long total;
    private final boolean enabled;
    private long lastDraw;
    private boolean drawn;

    public Progress(PrintWriter err, String what, long total) {
        this.err = err;
        this.what = what;
        this.total = total;
        this.enabled = System.console() != null;
    }

    @Override
    public void accept(long done) {
        if (!enabled) return;
        long now = System.nanoTime();
        if (now - lastDraw < 200_000_000L) return;
        lastDraw = now;
        drawn = true;
        String pct = total > 0 ? String.format(" (%d%%)", Math.min(100, done * 100 / total)) : "";
        err.printf("\r%s: %s of %s%s   ", what, Units.bytes(done), total > 0 ? Units.bytes(total) : "?", pct);
        err.flush();
    }

    @Override
    public void close() {
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
