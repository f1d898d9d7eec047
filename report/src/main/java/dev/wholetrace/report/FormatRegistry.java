package dev.wholetrace.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The formats one kind of result can be written in, each with its writer ({@code W}: a
 * {@link ReportWriter}, or a line writer for streamed output). Adding a format to a command is one
 * writer class and one {@link #register} call; parsing {@code --format}, the error message and the
 * help text's list of formats all come from here.
 *
 * @param <W> the writer type of this kind of result
 */
public final class FormatRegistry<W> {
    private final String what;
    private final Map<OutputFormat, W> writers = new LinkedHashMap<>();

    /** @param what what is written, for error messages ("stats", "export") */
    public FormatRegistry(String what) {
        this.what = what;
    }

    /** Adds a format; the first one registered is the default. */
    public FormatRegistry<W> register(OutputFormat format, W writer) {
        for (OutputFormat f : writers.keySet()) {
            if (f.isNamed(format.name())) throw new IllegalStateException(what + " format '" + format.name() + "' registered twice");
        }
        writers.put(format, writer);
        return this;
    }

    /** The formats in the order they were registered (the default first). */
    public List<OutputFormat> formats() {
        return new ArrayList<>(writers.keySet());
    }

    /** The format used when none is asked for. */
    public OutputFormat defaultFormat() {
        return writers.keySet().iterator().next();
    }

    /**
     * The format {@code name} names (its name or an alias); null means the default.
     *
     * @throws IllegalArgumentException when no registered format has that name
     */
    public OutputFormat parse(String name) {
        if (name == null) return defaultFormat();
        for (OutputFormat f : writers.keySet()) if (f.isNamed(name)) return f;
        List<String> known = new ArrayList<>();
        for (OutputFormat f : writers.keySet()) {
            known.add(f.name());
            known.addAll(f.aliases());
        }
        throw new IllegalArgumentException("unknown " + what + " format '" + name + "' (" + String.join(", ", known) + ")");
    }

    /** The writer of a registered format. */
    public W writer(OutputFormat format) {
        W w = writers.get(format);
        if (w == null) throw new IllegalArgumentException(what + " cannot be written as " + format.name());
        return w;
    }
}
