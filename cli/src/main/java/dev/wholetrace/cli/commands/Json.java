package dev.wholetrace.cli.commands;

/**
 * A minimal JSON writer for one-line objects (stats --json, the jsonl of dump and segment): enough
 * to nest objects and arrays and to escape strings, so the CLI needs no JSON library.
 */
final class Json {
    private final StringBuilder sb = new StringBuilder(128);
    /** Whether the innermost open object/array already holds a value (so the next needs a comma). */
    private long hasValue;
    private int depth;

    Json() {
        begin('{');
    }

    Json field(String name, long value) {
        key(name).append(value);
        return this;
    }

    Json field(String name, boolean value) {
        key(name).append(value);
        return this;
    }

    /** A string field; null becomes JSON null. */
    Json field(String name, String value) {
        StringBuilder b = key(name);
        if (value == null) b.append("null");
        else quote(b, value);
        return this;
    }

    /** A number field that may be absent (null). */
    Json fieldOrNull(String name, Long value) {
        key(name).append(value == null ? "null" : value.toString());
        return this;
    }

    Json object(String name) {
        key(name);
        return begin('{');
    }

    Json array(String name) {
        key(name);
        return begin('[');
    }

    /** Starts an object as the next element of the open array. */
    Json element() {
        comma();
        return begin('{');
    }

    Json end() {
        return close('}');
    }

    Json endArray() {
        return close(']');
    }

    /** The finished text; closes the outermost object. */
    @Override
    public String toString() {
        if (depth != 1) throw new IllegalStateException("unbalanced JSON: " + depth + " levels open");
        return sb + "}";
    }

    /** Appends {@code s} as a JSON string literal. */
    static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    // Other control characters, and the line separators that break JavaScript readers.
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        b.append('"');
    }

    private StringBuilder key(String name) {
        comma();
        quote(sb, name);
        return sb.append(':');
    }

    private void comma() {
        long bit = 1L << depth;
        if ((hasValue & bit) != 0) sb.append(',');
        hasValue |= bit;
    }

    private Json begin(char open) {
        if (depth == 62) throw new IllegalStateException("JSON nested too deep");
        sb.append(open);
        depth++;
        hasValue &= ~(1L << depth);
        return this;
    }

    private Json close(char close) {
        if (depth <= 1) throw new IllegalStateException("nothing to close");
        sb.append(close);
        depth--;
        return this;
    }
}
