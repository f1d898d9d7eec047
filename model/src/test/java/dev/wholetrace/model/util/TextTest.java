package dev.wholetrace.model.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {
    @Test
    void oneLineEscapesControlCharacters() {
        assertThat(Text.oneLine("plain")).isSameAs("plain");
        assertThat(Text.oneLine("a\nb\tc\u0001\u2028")).isEqualTo("a\\nb\\tc\\u0001\\u2028");
    }
}
