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
}
