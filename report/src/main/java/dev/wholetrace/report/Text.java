package dev.wholetrace.report;

/** Making strings from a trace file safe for line-oriented text output. */
public final class Text {
    private Text() {}

    /**
     * A string from the file (a thread name, a property, code-map text) made safe for one line of
     * text output: line breaks and other control characters escaped, so that no file can break the
     * one-line error contract or forge extra output lines.
     */
    public static String oneLine(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029';
            if (control && b == null) b = new StringBuilder(s.length() + 8).append(s, 0, i);
            if (b == null) continue;
            if (!control) b.append(c);
            else if (c == '\n') b.append("\\n");
            else if (c == '\r') b.append("\\r");
            else if (c == '\t') b.append("\\t");
            else b.append(String.format("\\u%04x", (int) c));
        }
        return b == null ? s : b.toString();
    }
}
