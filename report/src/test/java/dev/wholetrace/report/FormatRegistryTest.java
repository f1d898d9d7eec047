package dev.wholetrace.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FormatRegistryTest {
    private final FormatRegistry<String> formats = new FormatRegistry<String>("stats")
            .register(OutputFormat.TEXT, "text writer")
            .register(OutputFormat.JSON, "json writer");

    @Test
    void theFirstFormatIsTheDefault() {
        assertThat(formats.parse(null)).isEqualTo(OutputFormat.TEXT);
        assertThat(formats.defaultFormat()).isEqualTo(OutputFormat.TEXT);
        assertThat(formats.formats()).containsExactly(OutputFormat.TEXT, OutputFormat.JSON);
    }

    @Test
    void namesAndAliasesFindTheirFormatInAnyCase() {
        assertThat(formats.parse("json")).isEqualTo(OutputFormat.JSON);
        assertThat(formats.parse("jsonl")).isEqualTo(OutputFormat.JSON);
        assertThat(formats.parse("JSON")).isEqualTo(OutputFormat.JSON);
        assertThat(formats.writer(formats.parse("text"))).isEqualTo("text writer");
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> formats.parse("xml")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown stats format 'xml' (text, json, jsonl)");
        assertThatThrownBy(() -> formats.writer(OutputFormat.STD)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("std");
    }

    @Test
    void aFormatCannotBeRegisteredTwiceNorUnderAnotherFormatsAlias() {
        assertThatThrownBy(() -> formats.register(OutputFormat.TEXT, "again")).isInstanceOf(IllegalStateException.class);
        OutputFormat jsonl = new OutputFormat("jsonl", java.util.List.of(), "a clash with json's alias");
        assertThatThrownBy(() -> formats.register(jsonl, "clash")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aCommandMayDescribeAFormatInItsOwnWords() {
        OutputFormat lines = OutputFormat.JSON.describedAs("JSON lines");
        assertThat(lines.name()).isEqualTo("json");
        assertThat(lines.names()).isEqualTo("json (or jsonl)");
        assertThat(lines.description()).isEqualTo("JSON lines");
    }
}
