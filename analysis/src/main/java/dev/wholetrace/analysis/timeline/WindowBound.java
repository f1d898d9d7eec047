package dev.wholetrace.analysis.timeline;

import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.reader.SyncOrder;
import java.util.Locale;

/**
 * One end of a timeline's window ({@code --from}/{@code --to}): an entry of S_synch ({@code 5000})
 * or a time of the recording's clock since its start ({@code 1.5s}, {@code 250ms}, {@code 40us},
 * {@code 900ns}), which becomes the first entry at or after it ({@code --from}) or the last at or
 * before it ({@code --to}), by the clock's interpolated times.
 *
 * @param value an entry, or nanoseconds
 * @param time  whether {@code value} is nanoseconds
 */
public record WindowBound(long value, boolean time) {
    /** An entry of S_synch. */
    public static WindowBound entry(long i) {
        return new WindowBound(i, false);
    }

    /**
     * Parses "N" (an entry) or a number with a unit s, ms, us or ns (a time).
     *
     * @throws IllegalArgumentException with a one-line message naming {@code option}
     */
    public static WindowBound parse(String option, String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        long scale = s.endsWith("ms") ? 1_000_000L : s.endsWith("us") || s.endsWith("µs") ? 1_000L : s.endsWith("ns") ? 1L : s.endsWith("s") ? 1_000_000_000L : 0;
        String number = scale == 0 ? s : s.substring(0, s.length() - (scale == 1_000_000_000L ? 1 : 2));
        try {
            if (scale == 0) {
                long i = Long.parseLong(number);
                if (i < 0) throw new IllegalArgumentException(option + " must be at least 0, not " + text);
                return entry(i);
            }
            double v = Double.parseDouble(number);
            if (!(v >= 0) || v * scale > Long.MAX_VALUE) throw new IllegalArgumentException(option + " must be a time ≥ 0, not " + text);
            return new WindowBound(Math.round(v * scale), true);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " is an entry of the sync order (5000) or a time since the recording's start "
                    + "(1.5s, 250ms, 40us, 900ns), not " + text);
        }
    }

    /**
     * The entry this bound stands for in {@code order}: itself, or by {@code clock} the first entry
     * at or after the time ({@code first}) or the last at or before it; -1 when there is none.
     */
    long resolve(SyncOrder order, TraceClock clock, boolean first) {
        if (!time) return value;
        if (!clock.known()) throw new IllegalArgumentException("the trace has no clock (recorded before .wtrace version 5): give --from/--to as entries of the sync order");
        int lo = 0, hi = order.size(); // first entry whose time is > value (first: >= value)
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            long t = clock.nanos(order.ticket(mid));
            if (first ? t >= value : t > value) hi = mid;
            else lo = mid + 1;
        }
        return first ? (lo < order.size() ? lo : -1) : lo - 1;
    }

    @Override
    public String toString() {
        return time ? seconds(value) : Long.toString(value);
    }

    /** Nanoseconds as seconds with microsecond digits ("2.392914s"). */
    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.6fs", nanos / 1e9);
    }
}
