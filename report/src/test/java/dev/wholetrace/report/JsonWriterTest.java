package dev.wholetrace.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonWriterTest {
    @Test
    void writesCompactNestedDocuments() {
        StringWriter out = new StringWriter();
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject().field("n", 42L).field("ok", true).field("s", "a").field("none", (String) null).fieldOrNull("maybe", null)
                    .fieldOrNull("some", 7L).object("o").field("x", -1).end().array("a").beginObject().field("i", 0).end()
                    .beginObject().end().endArray().end();
        }
        assertThat(out.toString()).isEqualTo("{\"n\":42,\"ok\":true,\"s\":\"a\",\"none\":null,\"maybe\":null,\"some\":7,"
                + "\"o\":{\"x\":-1},\"a\":[{\"i\":0},{}]}");
    }

    @Test
    void escapesWhatWouldBreakALineOrAString() throws Exception {
        String nasty = "quote \" backslash \\ newline \n tab \t bell \u0007 line separator \u2028 é";
        String line = JsonWriter.lines().beginObject().field("name", nasty).endLine();
        assertThat(line).doesNotContain("\n").contains("\\\"", "\\\\", "\\n", "\\t", "\\u0007");
        assertThat(new ObjectMapper().readValue(line, Map.class)).containsEntry("name", nasty);
    }

    @Test
    void aLineWriterReturnsOneLinePerObject() {
        JsonWriter lines = JsonWriter.lines();
        assertThat(lines.beginObject().field("k", 1).endLine()).isEqualTo("{\"k\":1}");
        assertThat(lines.beginObject().field("k", 2).endLine()).isEqualTo("{\"k\":2}");
    }
}
