package dev.wholetrace.report.html;

import java.util.Locale;

/** Text for the report's markup: HTML escaping and the number formats of its tables. */
final class Html {
    private Html() {}

    /** {@code s} safe as element text and as a quoted attribute value. */
    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * {@code s} escaped, with a line-break opportunity ({@code <wbr>}) after each dot and slash: a
     * table cell that must wrap a qualified name or a path breaks it between its parts, not inside a
     * word ("QuoteService.quotesSer|ved" before session 45, when the races' cells wrapped anywhere).
     */
    static String breakable(String s) {
        return esc(s).replace(".", ".<wbr>").replace("/", "/<wbr>");
    }

    static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String percent(long part, long whole) {
        return whole <= 0 ? "" : String.format(Locale.ROOT, "%.2f%%", 100.0 * part / whole);
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * share);
    }
}
