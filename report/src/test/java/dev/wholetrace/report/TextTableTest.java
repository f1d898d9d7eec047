package dev.wholetrace.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {
    @Test
    void textTablesAlignNamesLeftAndNumbersRight() {
        StringWriter out = new StringWriter();
        new TextTable().row(List.of("name", "n")).row(List.of("a", "1234")).row(List.of("longer", "5")).print(new PrintWriter(out, true));
        assertThat(out.toString().split("\\R")).containsExactly("name       n", "a       1234", "longer     5");
    }
}
