package dev.wholetrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {
    @Test
    void oneLineEscapesControlCharacters() {
        assertThat(Text.oneLine("plain")).isSameAs("plain");
        assertThat(Text.oneLine("a\nb\tc\u0001\u2028")).isEqualTo("a\\nb\\tc\\u0001\\u2028");
    }

    @Test
    void oneLineEscapesC1ControlsAndDeleteAndNull() {
        // U+0085 (NEL) ends a line for some readers; an error message quoting it must stay one line.
        assertThat(Text.oneLine("x\u0085y\u007fz\u009f")).isEqualTo("x\\u0085y\\u007fz\\u009f");
        assertThat(Text.oneLine("é ü \u00a0")).isEqualTo("é ü \u00a0");
        assertThat(Text.oneLine(null)).isEqualTo("null");
    }
}
