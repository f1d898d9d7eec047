package dev.wholetrace.model.ewpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The filter's text form read back (session 45 splits its entries by hand instead of by a regular expression): the same filter, the same refusals. */
class DependenceFilterTextTest {
    @Test
    void encodedFiltersReadBackWithEverySeparatorAndBlank() {
        DependenceFilter f = DependenceFilter.empty().add(7, 3, DependenceClass.NO_COST).add(9, 3, DependenceClass.VARIABLE_COST)
                .add(-2, 11, DependenceClass.FIXED_COST).addUnwritten(12);
        String text = f.encode();
        for (String form : new String[] {text, text + ";", "  " + text.replace(";", " ;\n ") + "\n", text.replace(";", ";;")}) {
            DependenceFilter back = DependenceFilter.decode(form);
            assertThat(back.encode()).as(form).isEqualTo(text);
            assertThat(back.predicted(3)).isEqualTo(7);
            assertThat(back.predicted(12)).isEqualTo(DependenceFilter.PREDICTED_NONE);
            assertThat(back.classOf(9, 3)).isEqualTo(DependenceClass.VARIABLE_COST);
        }
        assertThat(DependenceFilter.decode(DependenceFilter.HEADER).size()).isZero();
        assertThat(DependenceFilter.decode(" ").size()).isZero();
        assertThat(DependenceFilter.decode(null).size()).isZero();
    }

    @Test
    void malformedTextIsRefusedAsBefore() {
        assertThatThrownBy(() -> DependenceFilter.decode(";" + DependenceFilter.HEADER)).hasMessageContaining("not an eWPP filter");
        assertThatThrownBy(() -> DependenceFilter.decode("ewpp-filter 2;1 2 no-cost")).hasMessageContaining("not an eWPP filter");
        assertThatThrownBy(() -> DependenceFilter.decode(DependenceFilter.HEADER + ";1  2 no-cost")).hasMessageContaining("expected 'load store class'");
        assertThatThrownBy(() -> DependenceFilter.decode(DependenceFilter.HEADER + ";1 2 some-cost")).hasMessageContaining("unknown dependence class");
        assertThatThrownBy(() -> DependenceFilter.decode(DependenceFilter.HEADER + ";x 2 no-cost")).hasMessageContaining("bad eWPP filter entry");
        assertThatThrownBy(() -> DependenceFilter.decode(DependenceFilter.HEADER + ";1 - all")).hasMessageContaining("bad eWPP filter entry");
        assertThat(DependenceClass.parse("fixed-cost")).isEqualTo(DependenceClass.FIXED_COST);
        assertThat(DependenceClass.VARIABLE_COST.label()).isEqualTo("variable-cost");
    }

    /**
     * A no-cost load's prediction is its store's id, and {@link DependenceFilter#predicted} keeps -1 and -2 for
     * "unpredicted" and "no writer" (and -3 was stored as the map's "absent"): a negative store id there
     * is refused, not read back as another prediction. Other classes predict nothing and keep any id.
     */
    @Test
    void aNoCostDependenceOnANegativeStoreIdIsRefused() {
        for (int store : new int[] {-1, -2, -3, Integer.MIN_VALUE}) {
            assertThatThrownBy(() -> DependenceFilter.empty().add(store, 5, DependenceClass.NO_COST)).as("store " + store)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("instruction id");
            String entry = "5 " + store + " no-cost";
            assertThatThrownBy(() -> DependenceFilter.decode(DependenceFilter.HEADER + ";" + entry)).as(entry)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("bad eWPP filter entry '" + entry + "': ");
        }
        assertThat(DependenceFilter.empty().add(0, 5, DependenceClass.NO_COST).predicted(5)).isZero();
        assertThat(DependenceFilter.decode(DependenceFilter.HEADER + ";5 -3 fixed-cost").classOf(-3, 5)).isEqualTo(DependenceClass.FIXED_COST);
        assertThat(DependenceFilter.decode(DependenceFilter.HEADER + ";5 -3 fixed-cost").predicted(5)).isEqualTo(DependenceFilter.UNPREDICTED);
    }

    @Test
    void entriesAndTextAreInStoreThenLoadOrderWhateverTheOrderAdded() {
        // session 48 keeps the filter in primitive maps only: the order is made when asked for
        java.util.Random random = new java.util.Random(48);
        DependenceFilter f = DependenceFilter.empty();
        java.util.TreeMap<Long, DependenceClass> expected = new java.util.TreeMap<>();
        java.util.TreeSet<Integer> unwritten = new java.util.TreeSet<>();
        for (int i = 0; i < 500; i++) {
            int store = random.nextInt(200);
            int load = random.nextInt(200);
            DependenceClass c = DependenceClass.values()[random.nextInt(DependenceClass.values().length)];
            f.add(store, load, c);
            expected.put((long) store << 32 | load, c);
            if (random.nextInt(10) == 0) {
                int u = 1000 + random.nextInt(50);
                f.addUnwritten(u);
                unwritten.add(u);
            }
        }
        StringBuilder text = new StringBuilder(DependenceFilter.HEADER);
        java.util.List<int[]> entries = new java.util.ArrayList<>();
        expected.forEach((k, c) -> {
            text.append(';').append((int) (long) k).append(' ').append((int) (k >>> 32)).append(' ').append(c.label());
            entries.add(new int[] {(int) (k >>> 32), (int) (long) k, c.ordinal()});
        });
        unwritten.forEach(u -> text.append(';').append(u).append(" - none"));
        assertThat(f.encode()).isEqualTo(text.toString());
        assertThat(f.size()).isEqualTo(expected.size());
        assertThat(f.entries()).containsExactlyElementsOf(entries);
        assertThat(DependenceFilter.decode(f.encode()).encode()).isEqualTo(f.encode());
        assertThatThrownBy(() -> DependenceFilter.decode(DependenceFilter.HEADER + ";1  2")).hasMessageContaining("bad eWPP filter entry '1  2': For input string: \"\"");
        assertThatThrownBy(() -> DependenceFilter.decode(DependenceFilter.HEADER + ";1 - nones")).hasMessageContaining("bad eWPP filter entry '1 - nones'");
    }
}
