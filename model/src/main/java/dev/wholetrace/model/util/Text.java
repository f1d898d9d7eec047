package dev.wholetrace.model.util;

/** Strings from a trace file made safe for text output. */
public final class Text {
    private Text() {}

    /**
     * A string from the file (a thread name, a property, code-map text) made safe for one line of
     * text output: line breaks and other control characters escaped, so that no file can break the
     * one-line error contract or forge extra output lines. The C1 controls (U+0080..U+009F) count
     * too: U+0085 is a line break to some readers. {@code null} is written "null".
     */
    public static String oneLine(String s) {
        if (s == null) return "null";
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
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
