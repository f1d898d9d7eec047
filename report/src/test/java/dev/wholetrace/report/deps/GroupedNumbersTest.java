package dev.wholetrace.report.deps;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
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

    /**
     * The same in every locale the JDK has, not just those above (their symbols differ in zero digit, separator
     * and group size; some group no digits), for random longs of every length, negative ones, 0 and both ends.
     */
    @Test
    void asPercentCommaDInEveryAvailableLocale() {
        Locale saved = Locale.getDefault(Locale.Category.FORMAT);
        SplittableRandom random = new SplittableRandom(47);
        try {
            for (Locale l : Locale.getAvailableLocales()) {
                Locale.setDefault(Locale.Category.FORMAT, l);
                GroupedNumbers g = new GroupedNumbers();
                for (long v : new long[] {0, -1, 1, 999, -1000, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1}) {
                    assertThat(g.format(v)).as("%s %d", l, v).isEqualTo(String.format("%,d", v));
                }
                for (int i = 0; i < 40; i++) {
                    long v = random.nextLong() >> random.nextInt(64); // every magnitude, both signs
                    assertThat(g.format(v)).as("%s %d", l, v).isEqualTo(String.format("%,d", v));
                }
            }
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, saved);
        }
    }
}
