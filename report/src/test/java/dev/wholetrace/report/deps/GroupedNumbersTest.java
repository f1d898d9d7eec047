package dev.wholetrace.report.deps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** {@link GroupedNumbers} prints what {@code %,d} prints, in every default format locale tried. */
class GroupedNumbersTest {
    @Test
    void asPercentCommaD() {
        Locale saved = Locale.getDefault(Locale.Category.FORMAT);
        try {
            for (Locale l : new Locale[] {Locale.US, Locale.ROOT, Locale.GERMANY, Locale.FRANCE, Locale.forLanguageTag("hi-IN"),
                    Locale.forLanguageTag("ar-EG"), Locale.forLanguageTag("de-CH"), Locale.forLanguageTag("th-TH-u-nu-thai")}) {
                Locale.setDefault(Locale.Category.FORMAT, l);
                GroupedNumbers g = new GroupedNumbers();
                for (long v : new long[] {0, 7, 999, 1000, 12345, 999999, 1000000, 1223214, -4567, Long.MAX_VALUE, Long.MIN_VALUE}) {
                    assertThat(g.format(v)).as("%s %d", l, v).isEqualTo(String.format("%,d", v));
                }
            }
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, saved);
        }
    }
}
