package dev.wholetrace.report;

import java.util.Locale;

/** Human-readable sizes, counts and percentages for text reports. */
public final class Units {
    private Units() {}

    public static String bytes(long b) {
        if (b < 1024) return b + " B";
        if (b < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KiB", b / 1024.0);
        if (b < 1024L * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MiB", b / (1024.0 * 1024));
        return String.format(Locale.ROOT, "%.2f GiB", b / (1024.0 * 1024 * 1024));
    }

    public static String count(long n) {
        if (n < 10_000) return Long.toString(n);
        if (n < 10_000_000) return String.format(Locale.ROOT, "%.1f k", n / 1e3);
        if (n < 10_000_000_000L) return String.format(Locale.ROOT, "%.1f M", n / 1e6);
        return String.format(Locale.ROOT, "%.2f G", n / 1e9);
    }

    public static String percent(long part, long whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.3f%%", 100.0 * part / whole);
    }

    /** A percentage with about three significant digits, small values included. */
    public static String significantPercent(long part, long whole) {
        if (whole == 0) return "-";
        double p = 100.0 * part / whole;
        if (p == 0) return "0";
        if (p >= 100) return String.format(Locale.ROOT, "%.0f", p);
        if (p >= 10) return String.format(Locale.ROOT, "%.1f", p);
        if (p >= 1) return String.format(Locale.ROOT, "%.2f", p);
        if (p >= 0.001) return String.format(Locale.ROOT, "%.3f", p);
        return "<0.001";
    }
}
