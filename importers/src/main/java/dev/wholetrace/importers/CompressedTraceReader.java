package dev.wholetrace.importers;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarFileReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads a {@code .wgr} file one chunk at a time, each chunk a {@link CompressedTrace} of its own
 * (a version-1 file is one chunk). Memory is one chunk's payload and grammars, so a file of any
 * size streams. Checks what spans chunks: every chunk has the input format the header declares,
 * and the records of all chunks add up to what the end record declares.
 */
public final class CompressedTraceReader implements Closeable {
    private final Path file;
    private final GrammarFileReader in;
    private InputFormat format;
    private long records;
    private long chunks;

    private CompressedTraceReader(Path file, GrammarFileReader in) throws FormatException {
        this.file = file;
        this.in = in;
        if (in.inputFormat() >= 0) {
            format = InputFormat.byId(in.inputFormat());
            if (format == null) throw new FormatException(file.getFileName() + ": unknown input format id " + in.inputFormat() + " in the header");
        }
    }

    /** Opens {@code file}; a cut file is an error. */
    public static CompressedTraceReader open(Path file) throws IOException {
        return open(file, false);
    }

    /** Opens {@code file}; with {@code readCut} a cut version-2 file reads to its last complete chunk ({@link #truncation()}). */
    public static CompressedTraceReader open(Path file, boolean readCut) throws IOException {
        GrammarFileReader in = GrammarFileReader.open(file, readCut);
        try {
            return new CompressedTraceReader(file, in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** The next chunk, checked, or null after the last. */
    public CompressedTrace next() throws IOException {
        byte[] payload = in.next();
        if (payload == null) {
            if (in.endRecords() >= 0 && in.endRecords() != records) {
                throw new FormatException(file.getFileName() + ": the end record declares " + in.endRecords() + " records, the chunks hold " + records);
            }
            return null;
        }
        CompressedTrace t;
        try {
            t = CompressedTrace.fromPayload(payload);
        } catch (FormatException e) {
            throw new FormatException(file.getFileName() + (in.version() > 1 ? " chunk " + chunks : "") + ": " + e.getMessage(), e);
        }
        if (format == null) format = t.format();
        else if (t.format() != format) {
            throw new FormatException(file.getFileName() + " chunk " + chunks + ": corrupted (" + t.format().cliName + " records in a " + format.cliName + " file)");
        }
        records += t.records();
        chunks++;
        return t;
    }

    /** The input format (known after the header of a version-2 file, after the first chunk of a version-1 file). */
    public InputFormat format() {
        return format;
    }

    /** The file's format version. */
    public int version() {
        return in.version();
    }

    /** The file's size in bytes. */
    public long size() {
        return in.size();
    }

    /** Chunks read so far. */
    public long chunks() {
        return chunks;
    }

    /** Records in the chunks read so far. */
    public long records() {
        return records;
    }

    /** Where a cut file was cut (one line), once read to its end; null for a complete file. */
    public String truncation() {
        return in.truncation();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
