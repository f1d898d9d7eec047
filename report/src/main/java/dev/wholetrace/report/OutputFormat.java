package dev.wholetrace.report;

import java.util.List;
import java.util.Locale;

/**
 * An output format as the command line names it ({@code --format NAME}): its name, the other
 * names it answers to, and one line on what it is. A format says nothing about how it is written;
 * each kind of result registers a writer per format in a {@link FormatRegistry}.
 *
 * @param name        the name on the command line (lower case)
 * @param aliases     other names accepted for it (kept for compatibility)
 * @param description one line for the help text
 */
public record OutputFormat(String name, List<String> aliases, String description) {
    /** Plain text for people: aligned tables and sentences. */
    public static final OutputFormat TEXT = new OutputFormat("text", List.of(), "plain text (the default)");
    /** JSON for programs; commands that stream print one JSON object per line (JSON lines). */
    public static final OutputFormat JSON = new OutputFormat("json", List.of("jsonl"), "JSON");
    /** RAPID's standard trace format (THREAD|OP(ARG)|LOCATION lines), for other race detectors. */
    public static final OutputFormat STD = new OutputFormat("std", List.of(), "RAPID's standard format, one event per line");

    public OutputFormat {
        aliases = List.copyOf(aliases);
    }

    /** The same format with another help line (a command's own words for it). */
    public OutputFormat describedAs(String text) {
        return new OutputFormat(name, aliases, text);
    }

    /** Whether {@code text} names this format (its name or an alias, any case). */
    public boolean isNamed(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        return name.equals(t) || aliases.contains(t);
    }

    /** The name and the aliases, as the help text shows them ("json (or jsonl)"). */
    public String names() {
        return aliases.isEmpty() ? name : name + " (or " + String.join(", ", aliases) + ")";
    }
}
