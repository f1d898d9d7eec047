package dev.wholetrace.format.io;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a {@code .wgr} file of either version one payload at a time (docs/formats.md): a
 * version-1 file is one payload, a version-2 file one payload per chunk. Memory is one chunk:
 * offsets are longs, so a file of any size streams. Everything is checked before it is used: the
 * magic first, then the header's CRC and version; each chunk's header CRC, its index, its declared
 * lengths against the rest of the file and {@link ReadLimits#maxPayloadBytes()} before anything is
 * allocated, and its payload's CRC after decompression.
 *
 * <p>A version-2 file whose end record is missing (the file was cut) is an error naming the
 * complete chunks, unless the reader was opened to read a cut file: then {@link #next()} ends
 * after the last complete chunk and {@link #truncation()} says where the file was cut.
 */
public final class GrammarFileReader implements Closeable {
    private final String name;
    private final FileChannel in;
    private final boolean readCut;
    private final int version;
    private final int inputFormat;
    private final long size;
    private long position = GrammarFile.HEADER_BYTES;
    private long chunks;
    private long endRecords = -1;
    private String truncation;
    private boolean done;

    private GrammarFileReader(String name, FileChannel in, boolean readCut) throws IOException {
        this.name = name;
        this.in = in;
        this.readCut = readCut;
        byte[] header = GrammarFile.header(name, in);
        this.version = GrammarFile.version(header);
        if (version != GrammarFile.VERSION_1 && version != GrammarFile.VERSION) {
            throw new FormatException(name + ": unsupported format version " + version + " (this build reads 1 and 2)");
        }
        this.inputFormat = version == GrammarFile.VERSION ? Byte.toUnsignedInt(header[6]) : -1;
        this.size = Math.max(in.size(), GrammarFile.HEADER_BYTES); // a device (size 0) reads as a file that ends after the header
        if (version == GrammarFile.VERSION && (header[7] != 0 || !allZero(header, 8, 28))) {
            throw new FormatException(name + ": corrupted header (reserved bytes are not zero)");
        }
    }

    /** Opens {@code file}; a cut version-2 file is an error when it is read. */
    public static GrammarFileReader open(Path file) throws IOException {
        return open(file, false);
    }

    /** Opens {@code file}; with {@code readCut} a cut version-2 file reads to its last complete chunk. */
    public static GrammarFileReader open(Path file, boolean readCut) throws IOException {
        FileChannel ch = InputFile.open(file, "a grammar file");
        try {
            return new GrammarFileReader(file.getFileName().toString(), ch, readCut);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Reads from {@code in} (any channel with a size: a virtual file in the tests); closing the reader closes it. */
    public static GrammarFileReader open(String name, FileChannel in, boolean readCut) throws IOException {
        return new GrammarFileReader(name, in, readCut);
    }

    /** The file's format version: 1 (one payload) or 2 (chunks). */
    public int version() {
        return version;
    }

    /** The input format id the version-2 header declares, or -1 in a version-1 file (it is in the payload). */
    public int inputFormat() {
        return inputFormat;
    }

    /** The file's size in bytes. */
    public long size() {
        return size;
    }

    /** Payloads read so far. */
    public long chunks() {
        return chunks;
    }

    /** Records the end record declares (version 2, after the last {@link #next()}), or -1. */
    public long endRecords() {
        return endRecords;
    }

    /** Where a cut file was cut (one line), or null: the file is complete or not read to its end yet. */
    public String truncation() {
        return truncation;
    }

    /** The next checked payload, or null after the last one. */
    public byte[] next() throws IOException {
        if (done) return null;
        if (version == GrammarFile.VERSION_1) {
            done = true;
            chunks = 1;
            return GrammarFile.payloadOfVersion1(name, in, header());
        }
        long rest = size - position;
        if (rest < 4) return cut("before its end record");
        byte[] magic = new byte[4];
        GrammarFile.readFully(in, ByteBuffer.wrap(magic), position);
        if (Arrays.equals(magic, GrammarFile.END_MAGIC)) return end(rest);
        if (!Arrays.equals(magic, GrammarFile.CHUNK_MAGIC)) {
            throw new FormatException(name + ": corrupted file (no chunk at byte " + position + ", after " + chunks + " chunks)");
        }
        if (rest < GrammarFile.CHUNK_HEADER_BYTES) return cut("inside the header of chunk " + chunks);
        byte[] header = new byte[GrammarFile.CHUNK_HEADER_BYTES];
        GrammarFile.readFully(in, ByteBuffer.wrap(header), position);
        ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        String chunk = name + ": chunk " + chunks + " (byte " + position + ")";
        if (h.getInt(36) != GrammarFile.crc(header, 36)) throw new FormatException(chunk + ": corrupted chunk header (checksum mismatch)");
        Codec codec = GrammarFile.codecOf(header[4], chunk);
        long index = h.getLong(8);
        long rawLength = h.getLong(16);
        long storedLength = h.getLong(24);
        int payloadCrc = h.getInt(32);
        if (header[5] != 0 || h.getShort(6) != 0) throw new FormatException(chunk + ": corrupted chunk header (reserved bytes are not zero)");
        if (index != chunks) throw new FormatException(chunk + ": corrupted file (the chunk says it is chunk " + index + ")");
        if (rawLength < 0 || storedLength < 0) throw new FormatException(chunk + ": corrupted chunk header (negative length)");
        if (codec == Codec.NONE && rawLength != storedLength) {
            throw new FormatException(chunk + ": corrupted chunk header (raw payload of " + rawLength + " bytes stored in " + storedLength + ")");
        }
        long limit = ReadLimits.maxPayloadBytes();
        if (rawLength > limit || storedLength > limit) {
            throw new FormatException(chunk + ": its payload of " + ReadLimits.size(Math.max(rawLength, storedLength)) + " does not fit the "
                    + ReadLimits.size(limit) + " this reader may use (half the memory budget; raise it with WHOLETRACE_MEMORY or -Xmx)");
        }
        if (storedLength > rest - GrammarFile.CHUNK_HEADER_BYTES) return cut("inside chunk " + chunks);
        byte[] stored = new byte[(int) storedLength];
        long body = position + GrammarFile.CHUNK_HEADER_BYTES;
        if (GrammarFile.readFully(in, ByteBuffer.wrap(stored), body) != stored.length) throw new FormatException(chunk + " ended while its payload was read");
        byte[] payload = codec.decompress(stored, (int) rawLength, name + " chunk " + chunks + " payload");
        if (GrammarFile.crc(payload, payload.length) != payloadCrc) throw new FormatException(chunk + ": corrupted payload (checksum mismatch)");
        position = body + storedLength;
        chunks++;
        return payload;
    }

    private byte[] end(long rest) throws IOException {
        String where = name + ": end record (byte " + position + ")";
        if (rest < GrammarFile.END_BYTES) return cut("inside its end record");
        byte[] e = new byte[GrammarFile.END_BYTES];
        GrammarFile.readFully(in, ByteBuffer.wrap(e), position);
        ByteBuffer b = ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(28) != GrammarFile.crc(e, 28)) throw new FormatException(where + ": corrupted (checksum mismatch)");
        if (b.getInt(4) != 0 || b.getInt(24) != 0) throw new FormatException(where + ": corrupted (reserved bytes are not zero)");
        long declared = b.getLong(8);
        if (declared != chunks) throw new FormatException(where + " declares " + declared + " chunks, the file has " + chunks);
        long records = b.getLong(16);
        if (records < 0) throw new FormatException(where + ": corrupted (negative record count)");
        if (rest > GrammarFile.END_BYTES) throw new FormatException(name + ": " + (rest - GrammarFile.END_BYTES) + " bytes of trailing data");
        endRecords = records;
        done = true;
        return null;
    }

    private byte[] cut(String where) throws FormatException {
        String what = name + " is truncated " + where + " (after " + chunks + " complete chunks)";
        if (!readCut) throw new FormatException(what);
        truncation = what;
        done = true;
        return null;
    }

    private byte[] header() throws IOException {
        return GrammarFile.header(name, in);
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) if (b[i] != 0) return false;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
