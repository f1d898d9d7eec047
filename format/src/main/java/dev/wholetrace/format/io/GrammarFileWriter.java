package dev.wholetrace.format.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes a version-2 {@code .wgr} file (docs/formats.md): the file header, then one chunk per
 * {@link #chunk} call, each with its own codec, lengths and CRCs, and on {@link #close} the end
 * record. Memory is one chunk's payload: a file of any size is written as a stream of chunks.
 */
public final class GrammarFileWriter implements Closeable {
    private final FileChannel out;
    private long chunks;
    private long records;
    private long bytes;
    private boolean closed;

    /** Creates (or truncates) {@code file} and writes the header for traces of {@code inputFormat}. */
    public GrammarFileWriter(Path file, int inputFormat) throws IOException {
        this(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING), inputFormat);
    }

    /** Writes to {@code out} from its current position (a virtual file in the tests); closing the writer closes it. */
    public GrammarFileWriter(FileChannel out, int inputFormat) throws IOException {
        this.out = out;
        ByteBuffer h = le(GrammarFile.HEADER_BYTES);
        h.put(GrammarFile.MAGIC).putShort((short) GrammarFile.VERSION).put((byte) inputFormat).put((byte) 0);
        h.putInt(28, GrammarFile.crc(h.array(), 28));
        write(h);
    }

    /**
     * Appends one chunk: {@code payload} (holding {@code chunkRecords} records) packed by
     * {@code codec}, or stored raw when packing does not make it smaller.
     */
    public void chunk(byte[] payload, long chunkRecords, Codec codec) throws IOException {
        if (closed) throw new IllegalStateException("closed");
        Codec.Packed packed = GrammarFile.packed(payload, codec);
        byte[] stored = packed.bytes();
        ByteBuffer h = le(GrammarFile.CHUNK_HEADER_BYTES);
        h.put(GrammarFile.CHUNK_MAGIC).put((byte) packed.codec().id).put((byte) 0).putShort((short) 0);
        h.putLong(chunks).putLong(payload.length).putLong(stored.length).putInt(GrammarFile.crc(payload, payload.length));
        h.putInt(36, GrammarFile.crc(h.array(), 36));
        write(h);
        write(ByteBuffer.wrap(stored));
        chunks++;
        records += chunkRecords;
    }

    /** Chunks written so far. */
    public long chunks() {
        return chunks;
    }

    /** Bytes written so far (the file's size once closed). */
    public long bytes() {
        return bytes;
    }

    /** Writes the end record (chunk and record counts) and closes the file. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        try (out) {
            ByteBuffer e = le(GrammarFile.END_BYTES);
            e.put(GrammarFile.END_MAGIC).putInt(0).putLong(chunks).putLong(records);
            e.putInt(28, GrammarFile.crc(e.array(), 28));
            write(e);
        }
    }

    private void write(ByteBuffer b) throws IOException {
        b.rewind();
        while (b.hasRemaining()) bytes += out.write(b);
    }

    private static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }
}
