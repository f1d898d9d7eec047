package dev.wholetrace.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Compact JSON through Jackson's streaming {@link JsonGenerator}, with the few calls our writers
 * need chained: fields, nested objects and arrays, nullable numbers. Either one document written
 * to a {@link Writer} ({@link #to}), or one object per line as strings ({@link #lines}, for JSON
 * lines that a caller prints and counts itself). Jackson's IOExceptions become unchecked: the
 * targets here are in-memory or a PrintWriter, which does not throw.
 */
public final class JsonWriter implements AutoCloseable {
    private static final JsonFactory FACTORY = new JsonFactory();

    private final JsonGenerator g;
    /** The buffer of a line writer, null when writing to a caller's Writer. */
    private final StringWriter line;

    private JsonWriter(Writer out, StringWriter line) {
        try {
            this.g = FACTORY.createGenerator(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setRootValueSeparator(null); // line writers: each line one root value, nothing between them
        this.line = line;
    }

    /** A writer of one document to {@code out}; {@link #close} flushes it (and leaves {@code out} open). */
    public static JsonWriter to(Writer out) {
        return new JsonWriter(out, null);
    }

    /** A writer of one-line objects: {@link #beginObject()}, fields, then {@link #endLine()} returns the line. */
    public static JsonWriter lines() {
        StringWriter buffer = new StringWriter(256);
        return new JsonWriter(buffer, buffer);
    }

    /** Starts an object: the root, or the next element of the open array. */
    public JsonWriter beginObject() {
        return run(g::writeStartObject);
    }

    /** Ends the open object. */
    public JsonWriter end() {
        return run(g::writeEndObject);
    }

    /** Ends the open line's object and returns its text (line writers only). */
    public String endLine() {
        if (line == null) throw new IllegalStateException("not a line writer");
        end();
        run(g::flush);
        String text = line.toString();
        line.getBuffer().setLength(0);
        return text;
    }

    public JsonWriter field(String name, long value) {
        return run(() -> g.writeNumberField(name, value));
    }

    public JsonWriter field(String name, double value) {
        return run(() -> g.writeNumberField(name, value));
    }

    public JsonWriter field(String name, boolean value) {
        return run(() -> g.writeBooleanField(name, value));
    }

    /** A string field; null becomes JSON null. */
    public JsonWriter field(String name, String value) {
        return run(() -> g.writeStringField(name, value));
    }

    /** A string element of the open array. */
    public JsonWriter value(String value) {
        return run(() -> g.writeString(value));
    }

    /** A number field that may be absent (null). */
    public JsonWriter fieldOrNull(String name, Long value) {
        return run(() -> {
            if (value == null) g.writeNullField(name);
            else g.writeNumberField(name, value);
        });
    }

    /** Starts an object-valued field. */
    public JsonWriter object(String name) {
        return run(() -> g.writeObjectFieldStart(name));
    }

    /** Starts an array-valued field; its elements are objects begun with {@link #beginObject()}. */
    public JsonWriter array(String name) {
        return run(() -> g.writeArrayFieldStart(name));
    }

    public JsonWriter endArray() {
        return run(g::writeEndArray);
    }

    /** Flushes the document to its Writer; the Writer stays open. */
    @Override
    public void close() {
        run(g::close);
    }

    private interface Call {
        void run() throws IOException;
    }

    private JsonWriter run(Call c) {
        try {
            c.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
