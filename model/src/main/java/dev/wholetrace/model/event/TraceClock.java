package dev.wholetrace.model.event;

import java.util.Arrays;

/**
 * When the sync operations of a recording happened, coarsely: samples (k, t) taken by the recorder
 * about once a millisecond, each saying that at t nanoseconds after the recording started the
 * next ticket to hand out was k. Operation tickets below k were taken before t, tickets from k on
 * after it, so a ticket between two samples happened between their times ({@link #earliest},
 * {@link #latest}) and {@link #nanos} interpolates. While the ticket stands still only its first
 * and latest samples are stored, and a sample is taken at every chunk's cut, so an idle program
 * costs nothing and every complete chunk's operations have an upper bound. Immutable;
 * docs/trace-format.md, section CLOCK.
 */
public final class TraceClock {
    /** The trace property holding the wall-clock time of the recording's start, in ms since the epoch. */
    public static final String ORIGIN_PROPERTY = "clock.originEpochMillis";

    /** The clock of a trace that has none (format versions before 5): {@link #known()} is false. */
    public static final TraceClock NONE = new TraceClock(new long[0], new long[0], 0);

    private final long[] tickets;
    private final long[] nanos;
    private final long originEpochMillis;

    private TraceClock(long[] tickets, long[] nanos, long originEpochMillis) {
        this.tickets = tickets;
        this.nanos = nanos;
        this.originEpochMillis = originEpochMillis;
    }

    /** Whether the trace has a clock at all. */
    public boolean known() {
        return tickets.length > 0;
    }

    /** How many samples there are. */
    public int samples() {
        return tickets.length;
    }

    /** Sample i's ticket: the next ticket to be handed out at {@link #sampleNanos}(i). */
    public long sampleTicket(int i) {
        return tickets[i];
    }

    /** Sample i's time, in nanoseconds after the recording started. */
    public long sampleNanos(int i) {
        return nanos[i];
    }

    /** Wall-clock time of the recording's start, in milliseconds since the epoch (0 if not known). */
    public long originEpochMillis() {
        return originEpochMillis;
    }

    /** Nanoseconds from the recording's start to its last sample (0 without a clock). */
    public long spanNanos() {
        return known() ? nanos[nanos.length - 1] : 0;
    }

    /** The earliest the operation with {@code ticket} can have happened (ns after the start; 0 without a clock). */
    public long earliest(long ticket) {
        int i = last(ticket);
        return i < 0 ? 0 : nanos[i];
    }

    /**
     * The latest the operation with {@code ticket} can have happened: the first sample after it
     * ({@link #spanNanos()} for a ticket after the last sample, which only an unfinished recording has).
     */
    public long latest(long ticket) {
        int i = last(ticket) + 1;
        return i < nanos.length ? nanos[i] : spanNanos();
    }

    /**
     * When the operation with {@code ticket} happened, in nanoseconds after the start: linear
     * between the samples around it, so within {@link #latest} - {@link #earliest} of the truth.
     */
    public long nanos(long ticket) {
        if (!known()) return 0;
        int i = last(ticket);
        if (i < 0) return 0;
        if (i + 1 >= tickets.length) return nanos[i];
        long dk = tickets[i + 1] - tickets[i];
        if (dk == 0) return nanos[i];
        double f = (double) (ticket - tickets[i]) / dk;
        return nanos[i] + (long) (f * (nanos[i + 1] - nanos[i]));
    }

    /** The last sample whose ticket is at most {@code ticket} (-1 if none). */
    private int last(long ticket) {
        int i = Arrays.binarySearch(tickets, ticket);
        if (i < 0) return -i - 2;
        while (i + 1 < tickets.length && tickets[i + 1] == ticket) i++; // the latest sample still before the ticket
        return i;
    }

    /** Collects samples in order (non-decreasing in both ticket and time). */
    public static final class Builder {
        private long[] tickets = new long[64];
        private long[] nanos = new long[64];
        private int size;

        /**
         * Adds a sample.
         *
         * @throws IllegalArgumentException if it goes back in ticket or time: a corrupt clock
         */
        public Builder add(long ticket, long atNanos) {
            if (ticket < 0 || atNanos < 0) throw new IllegalArgumentException("clock sample (" + ticket + ", " + atNanos + " ns) is negative");
            if (size > 0 && (ticket < tickets[size - 1] || atNanos < nanos[size - 1])) {
                throw new IllegalArgumentException("clock sample (" + ticket + ", " + atNanos + " ns) goes back from (" + tickets[size - 1] + ", "
                        + nanos[size - 1] + " ns)");
            }
            if (size == tickets.length) {
                tickets = Arrays.copyOf(tickets, size * 2);
                nanos = Arrays.copyOf(nanos, size * 2);
            }
            tickets[size] = ticket;
            nanos[size] = atNanos;
            size++;
            return this;
        }

        public TraceClock build(long originEpochMillis) {
            if (size == 0) return NONE;
            return new TraceClock(Arrays.copyOf(tickets, size), Arrays.copyOf(nanos, size), originEpochMillis);
        }
    }
}
