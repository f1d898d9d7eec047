package dev.wholetrace.cli.term;

import dev.wholetrace.report.Units;
import java.io.PrintWriter;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * A one-line progress report on stderr for long jobs, redrawn at most five times a second and
 * only when stderr is a terminal ({@link Terminal#stderr}), so that logs and pipes stay clean.
 */
public final class Progress implements LongConsumer, AutoCloseable {
    private final PrintWriter err;
    private final String what;
    private final long total;
    private final boolean enabled;
    private final LongSupplier nanoTime;
    private long lastDraw;
    private boolean drawn;
    /** The phase of the last {@link #at} report, drawn or not. */
    private String lastPhase;
    /** The step of the last {@link #step} call, shown before the phases reported within it; null before. */
    private String step;

    public Progress(PrintWriter err, String what, long total) {
        this(err, what, total, Terminal.stderr(), System::nanoTime);
    }

    /** With {@code enabled} and the clock given (tests; the other constructor asks whether stderr is a terminal). */
    public Progress(PrintWriter err, String what, long total, boolean enabled, LongSupplier nanoTime) {
        this.err = err;
        this.what = what;
        this.total = total;
        this.enabled = enabled;
        this.nanoTime = nanoTime;
    }

    /** {@code done} bytes of the total given at construction. */
    @Override
    public void accept(long done) {
        if (!due()) return;
        draw(what + ": " + Units.bytes(done) + " of " + (total > 0 ? Units.bytes(total) : "?") + percent(done, total));
    }

    /**
     * A job counted in units other than bytes, in phases ("races run.wtrace: comparing 3.1 M of 14.5 M
     * (21%)"): {@code done} of {@code total} in {@code phase}.
     */
    public void at(String phase, long done, long total) {
        // A phase's first and last reports are drawn whatever the throttle: the line may stay on the
        // last one drawn for long (a merge packs its one chunk for seconds after building the threads'
        // grammars), and a skipped change showed the phase before, short of 100 %, the whole time.
        boolean edge = !phase.equals(lastPhase) || (total > 0 && done >= total);
        lastPhase = phase;
        if (!enabled || !edge && !due()) return;
        if (edge) lastDraw = nanoTime.getAsLong();
        draw(what + ": " + (step == null ? "" : step + ": ") + phase + " " + Units.count(done) + " of " + Units.count(total) + percent(done, total));
    }

    /**
     * Step {@code index} of {@code count} of a job made of steps, {@code name}, starts: always drawn
     * (a step may run for minutes with nothing else to show, as the report's sections do); a step
     * that reports its own phases through {@link #at} shows them after its name.
     */
    public void step(String name, int index, int count) {
        lastPhase = null; // the step's first phase report is drawn at once
        step = name;
        if (!enabled) return;
        lastDraw = nanoTime.getAsLong();
        draw(what + ": " + name + (count > 0 ? " (" + index + " of " + count + ")" : ""));
    }

    private boolean due() {
        if (!enabled) return false;
        long now = nanoTime.getAsLong();
        if (drawn && now - lastDraw < 200_000_000L) return false;
        lastDraw = now;
        return true;
    }

    private static String percent(long done, long total) {
        return total > 0 ? String.format(" (%d%%)", Math.min(100, done * 100 / total)) : "";
    }

    private void draw(String line) {
        drawn = true;
        err.print("\r" + line + "\033[K");
        err.flush();
    }

    /** Prints {@code line} on a line of its own (clearing the progress line first if drawn; the next report draws it again). */
    public void message(String line) {
        if (drawn) err.print("\r\033[K");
        drawn = false;
        err.println(line);
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
