package dev.wholetrace.cli.io;

import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a command that makes something (a file, a run) says about it once it is done: lines for a
 * person and the same facts as one JSON object for a program, so that {@code compress},
 * {@code recompress}, {@code expand}, {@code record}, {@code workload} and {@code demo} share one
 * {@code --format} ({@link #FORMATS}) instead of each writing its own JSON.
 *
 * <p>A command adds its text lines ({@link #line}) and its facts ({@link #put}, nested with
 * {@link #object} and {@link #element}) side by side; the text format prints only the lines, the
 * JSON format only the facts. Values are numbers, strings, booleans or nested summaries.
 */
public final class CommandSummary {
    /** text: the lines; json: the facts as one object. */
    public static final FormatRegistry<ReportWriter<CommandSummary>> FORMATS = new FormatRegistry<ReportWriter<CommandSummary>>("summary")
            .register(OutputFormat.TEXT.describedAs("plain text (the default): the summary lines"), (s, out) -> s.lines.forEach(out::println))
            .register(OutputFormat.JSON.describedAs("JSON: the summary as one object"), CommandSummary::writeJson);

    /** Whether {@code format} (one of {@link #FORMATS}) is the text one, whose lines some commands print themselves. */
    public static boolean isText(OutputFormat format) {
        return format.isNamed(OutputFormat.TEXT.name());
    }

    private final List<String> lines = new ArrayList<>();
    private final Map<String, Object> facts = new LinkedHashMap<>();

    /** Adds a text line ({@link String#format} in the root locale). */
    public CommandSummary line(String format, Object... args) {
        lines.add(String.format(Locale.ROOT, format, args));
        return this;
    }

    public CommandSummary put(String name, long value) {
        facts.put(name, value);
        return this;
    }

    public CommandSummary put(String name, double value) {
        facts.put(name, value);
        return this;
    }

    public CommandSummary put(String name, boolean value) {
        facts.put(name, value);
        return this;
    }

    /** A string fact; null is written as JSON null. */
    public CommandSummary put(String name, String value) {
        facts.put(name, value);
        return this;
    }

    /** Adds every fact of {@code other} (its lines are not copied). */
    public CommandSummary putAll(CommandSummary other) {
        facts.putAll(other.facts);
        return this;
    }

    /** The nested object {@code name} (created on first use): its facts go into the JSON only. */
    public CommandSummary object(String name) {
        return (CommandSummary) facts.computeIfAbsent(name, n -> new CommandSummary());
    }

    /** A new object appended to the array {@code name} (created on first use). */
    @SuppressWarnings("unchecked")
    public CommandSummary element(String name) {
        CommandSummary e = new CommandSummary();
        ((List<CommandSummary>) facts.computeIfAbsent(name, n -> new ArrayList<CommandSummary>())).add(e);
        return e;
    }

    /** Writes this summary in {@code format} (text or json, by name) and flushes. */
    public void write(OutputFormat format, PrintWriter out) throws java.io.IOException {
        FORMATS.writer(FORMATS.parse(format.name())).write(this, out);
        out.flush();
    }

    private static void writeJson(CommandSummary s, PrintWriter out) {
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject();
            s.writeFacts(j);
            j.end();
        }
        out.println();
    }

    @SuppressWarnings("unchecked")
    private void writeFacts(JsonWriter j) {
        for (Map.Entry<String, Object> e : facts.entrySet()) {
            Object v = e.getValue();
            if (v instanceof Long l) j.field(e.getKey(), (long) l);
            else if (v instanceof Double d) j.field(e.getKey(), (double) d);
            else if (v instanceof Boolean b) j.field(e.getKey(), (boolean) b);
            else if (v instanceof CommandSummary nested) {
                j.object(e.getKey());
                nested.writeFacts(j);
                j.end();
            } else if (v instanceof List<?> list) {
                j.array(e.getKey());
                for (CommandSummary element : (List<CommandSummary>) list) {
                    j.beginObject();
                    element.writeFacts(j);
                    j.end();
                }
                j.endArray();
            } else {
                j.field(e.getKey(), (String) v);
            }
        }
    }
}
