package dev.wholetrace.report.deps;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * Integers as {@code %,d} prints them in the default format locale (its zero digit, grouping separator and group
 * size, as {@link java.util.Formatter} takes them), with the locale's symbols looked up once: a Formatter looks
 * them up again for every {@code %,d}, constructing a {@link DecimalFormatSymbols} each time, which was most of
 * the time {@code deps} spent writing a few hundred edges in a fresh JVM (session 47).
 */
final class GroupedNumbers {
    private final char zero;
    /** The grouping separator, or 0 where the locale groups no digits. */
    private final char separator;
    private final int size;

    GroupedNumbers() {
        Locale l = Locale.getDefault(Locale.Category.FORMAT);
        if (l.equals(Locale.US)) { // what Formatter does for the US: no lookup
            zero = '0';
            separator = ',';
            size = 3;
            return;
        }
        DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(l);
        zero = symbols.getZeroDigit();
        NumberFormat nf = NumberFormat.getNumberInstance(l);
        DecimalFormat df = nf instanceof DecimalFormat d ? d : (DecimalFormat) NumberFormat.getNumberInstance(Locale.ROOT);
        size = df.getGroupingSize();
        separator = !df.isGroupingUsed() || size == 0 ? 0 : symbols.getGroupingSeparator();
    }

    String format(long v) {
        String digits = Long.toString(v);
        int start = v < 0 ? 1 : 0;
        StringBuilder b = new StringBuilder(digits.length() + digits.length() / 3 + 1);
        if (start == 1) b.append('-');
        int n = digits.length() - start;
        for (int i = 0; i < n; i++) {
            if (separator != 0 && i > 0 && (n - i) % size == 0) b.append(separator);
            b.append((char) (digits.charAt(start + i) - '0' + zero));
        }
        return b.toString();
    }
}
