package dev.wholetrace.recorder;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Gives a recording a coarse clock without costing the program anything: a background thread
 * notes, about once every {@link #PERIOD_NANOS}, which ticket the sync order would hand out next
 * and when (every {@link #IDLE_PERIOD_NANOS} once the program has not synchronized for a while).
 * The program threads never read a clock; the time of any operation is then known to
 * lie between two notes (model TraceClock). While no ticket is taken only the first and the latest
 * note of the same ticket are kept (the latest replaced in place), so an idle program adds nothing
 * and an operation after a long pause is still placed within a period of when it happened. The
 * writer adds a note at each cut, so a chunk's operations always have an upper bound.
 *
 * <p>Thread-safe: notes are taken under this object's lock, so they are ordered in ticket and in
 * time whichever thread takes them.
 */
final class ClockSampler implements Runnable {
    /** How often the clock is sampled while the program synchronizes: the resolution of its times. */
    static final long PERIOD_NANOS = 1_000_000L;
    /** How often once no ticket was taken for {@link #IDLE_SAMPLES} samples: an idle service wakes it rarely. */
    static final long IDLE_PERIOD_NANOS = 10_000_000L;
    static final int IDLE_SAMPLES = 20;

    private final AtomicLong tickets;
    private final long origin = System.nanoTime();
    private final long originEpochMillis = System.currentTimeMillis();
    private volatile boolean stopped;
    // Guarded by `this`.
    private long[] samples = new long[256];
    private int size;
    private long lastTicket = -1;

    ClockSampler(AtomicLong tickets) {
        this.tickets = tickets;
    }

    /** Wall-clock time of the recording's start (what nanoseconds count from), for the trace's properties. */
    long originEpochMillis() {
        return originEpochMillis;
    }

    @Override
    public void run() {
        int unmoved = 0;
        while (!stopped) {
            LockSupport.parkNanos(unmoved < IDLE_SAMPLES ? PERIOD_NANOS : IDLE_PERIOD_NANOS);
            // A program that interrupts every thread it finds reaches this one too: the clock stops through
            // 'stopped' only, and with the flag set every park returned at once, a core sampling in a loop for the
            // rest of the run (until session 42)
            Thread.interrupted();
            unmoved = sample() ? 0 : unmoved + 1;
        }
    }

    void stop() {
        stopped = true;
    }

    /** Notes the next ticket and the time; whether the ticket moved since the previous note. */
    synchronized boolean sample() {
        long ticket = tickets.get(); // before the time: tickets below it were taken before `at`
        long at = Math.max(0, System.nanoTime() - origin);
        boolean moved = ticket != lastTicket;
        lastTicket = ticket;
        if (size >= 4 && samples[size - 2] == ticket && samples[size - 4] == ticket) {
            samples[size - 1] = at; // still the same ticket: only the latest moment it was so matters
            return moved;
        }
        if (size == samples.length) samples = Arrays.copyOf(samples, size * 2);
        samples[size++] = ticket;
        samples[size++] = at;
        return moved;
    }

    /** The notes since the last call: ticket, nanoseconds, ticket, ... */
    synchronized long[] drain() {
        long[] out = Arrays.copyOf(samples, size);
        size = 0;
        if (samples.length > 4096) samples = new long[256]; // a long idle period's growth is not kept
        return out;
    }
}
