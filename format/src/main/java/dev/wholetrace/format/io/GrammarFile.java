package dev.wholetrace.format.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.function.BiFunction;
import java.util.zip.CRC32;

/**
 * The {@code .wgr} container (docs/formats.md) and its version 1. Version 1 is a 32-byte header
 * protected by its own CRC, then one payload compressed by a {@link Codec}, read whole: this class
 * writes it (for tests and the bench's payload measures) and reads it. Version 2, what
 * {@code compress} writes, is a stream of chunks: {@link GrammarFileWriter}, and
 * {@link GrammarFileReader} reads both versions.
 */
public final class GrammarFile {
    public static final byte[] MAGIC = {'W', 'T', 'G', 'R'};
    /** The version {@link GrammarFileWriter} writes: chunked. */
    public static final int VERSION = 2;
    /** The single-payload version {@link #write} writes; still read. */
    public static final int VERSION_1 = 1;
    public static final int HEADER_BYTES = 32;
    /** Version 2: a chunk starts with this and a 40-byte header. */
    static final byte[] CHUNK_MAGIC = {'W', 'G', 'R', 'C'};
    static final int CHUNK_HEADER_BYTES = 40;
    /** Version 2: the end record, 32 bytes, the last thing in a complete file. */
    static final byte[] END_MAGIC = {'W', 'G', 'R', 'E'};
    static final int END_BYTES = 32;

    private GrammarFile() {}

    /** Writes {@code payload} compressed with {@code codec} as a version-1 file; returns the bytes written. */
    public static long write(Path file, byte[] payload, Codec codec) throws IOException {
        Codec.Packed packed = packed(payload, codec);
        Codec chosen = packed.codec();
        byte[] stored = packed.bytes();
        ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        h.put(MAGIC).putShort((short) VERSION_1).put((byte) chosen.id).put((byte) 0);
        h.putLong(payload.length).putLong(stored.length).putInt(crc(payload, payload.length));
        h.putInt(crc(h.array(), 28));
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(h.array());
            out.write(stored);
        }
        return HEADER_BYTES + (long) stored.length;
    }

    /**
     * Reads and verifies the payload of a version-1 {@code .wgr} file. Reads the header alone first: the
     * magic, its CRC, the version and the declared lengths are checked (against the file's size and
     * {@link ReadLimits#maxPayloadBytes()}) before the payload is read, so a file that is not a
     * grammar file costs 32 bytes of reading whatever its size (a device like /dev/zero included).
     */
    public static byte[] read(Path file) throws IOException {
        try (FileChannel in = InputFile.open(file, "a grammar file")) {
            return read(file.getFileName().toString(), in);
        }
    }

    private static byte[] read(String name, FileChannel in) throws IOException {
        byte[] header = header(name, in);
        int version = version(header);
        if (version != VERSION_1) throw new FormatException(name + ": unsupported format version " + version + " (this reader reads " + VERSION_1 + ")");
        return payloadOfVersion1(name, in, header);
    }

    /**
     * Reads the 32-byte header and checks the magic (first: a file that is not a grammar file
     * costs these 32 bytes whatever its size), its length and its CRC.
     */
    static byte[] header(String name, FileChannel in) throws IOException {
        byte[] header = new byte[HEADER_BYTES];
        int got = readFully(in, ByteBuffer.wrap(header), 0);
        if (got < MAGIC.length || !startsWithMagic(header)) throw new FormatException(name + " is not a Wholetrace grammar file (bad magic)");
        if (got < HEADER_BYTES) throw new FormatException(name + " is truncated inside its header");
        if (ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt(28) != crc(header, 28)) {
            throw new FormatException(name + ": corrupted header (checksum mismatch)");
        }
        return header;
    }

    static int version(byte[] header) {
        return Short.toUnsignedInt(ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getShort(4));
    }

    /** The payload of a version-1 file whose checked {@code header} has been read. */
    static byte[] payloadOfVersion1(String name, FileChannel in, byte[] header) throws IOException {
        ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        int got = HEADER_BYTES;
        Codec codec = codecOf(header[6], name + ": header");
        long rawLength = h.getLong(8);
        long storedLength = h.getLong(16);
        int payloadCrc = h.getInt(24);
        long size = in.size(); // a device (size 0) reads as a file that ends after what was read
        long fileBytes = Math.max(size, got);
        if (storedLength < 0 || HEADER_BYTES + storedLength > fileBytes) {
            throw new FormatException(name + " is truncated: header declares " + (HEADER_BYTES + storedLength) + " bytes, file has " + fileBytes);
        }
        if (HEADER_BYTES + storedLength < fileBytes) throw new FormatException(name + ": " + (fileBytes - HEADER_BYTES - storedLength) + " bytes of trailing data");
        if (rawLength < 0) throw new FormatException(name + ": corrupted header (negative payload length)");
        if (codec == Codec.NONE && rawLength != storedLength) throw new FormatException(name + ": corrupted header (raw payload of " + rawLength + " bytes stored in " + storedLength + ")");
        long limit = ReadLimits.maxPayloadBytes();
        if (rawLength > limit || storedLength > limit) {
            throw new FormatException(name + ": its payload of " + ReadLimits.size(Math.max(rawLength, storedLength)) + " does not fit the "
                    + ReadLimits.size(limit) + " this reader may use (half the memory budget; raise it with WHOLETRACE_MEMORY or -Xmx)");
        }
        byte[] stored = new byte[(int) storedLength];
        if (readFully(in, ByteBuffer.wrap(stored), HEADER_BYTES) != stored.length) throw new FormatException(name + " ended while its payload was read");
        byte[] payload = codec.decompress(stored, (int) rawLength, name + " payload");
        if (crc(payload, payload.length) != payloadCrc) throw new FormatException(name + ": corrupted payload (checksum mismatch)");
        return payload;
    }

    /** Reads into {@code b} from {@code pos} until it is full or the file ends; returns the bytes read. */
    static int readFully(FileChannel in, ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) {
            int n = in.read(b, pos + b.position());
            if (n < 0) break;
        }
        return b.position();
    }

    private static boolean startsWithMagic(byte[] b) {
        for (int i = 0; i < MAGIC.length; i++) if (b[i] != MAGIC[i]) return false;
        return true;
    }

    static int crc(byte[] b, int len) {
        CRC32 c = new CRC32();
        c.update(b, 0, len);
        return (int) c.getValue();
    }

    /**
     * {@code payload} packed with {@code codec}: any but DEFLATE and ZSTD_DICT, which a .wgr file cannot hold. BEST
     * chooses among none, zstd and xz; FAST is resolved first ({@link Codec#withoutDeflate}: xz where
     * it would deflate a small payload for .wtrace), so the payload is compressed once, and it is
     * kept raw when that does not make it smaller.
     */
    static Codec.Packed packed(byte[] payload, Codec codec) {
        return packed(payload, codec, Codec::pack);
    }

    /** {@link #packed(byte[], Codec)} with {@code packer} doing the packing (Codec::pack; a counting one in tests). */
    static Codec.Packed packed(byte[] payload, Codec codec, BiFunction<Codec, byte[], Codec.Packed> packer) {
        if (codec == Codec.DEFLATE || codec == Codec.ZSTD_DICT || codec == Codec.LZMA2) throw new IllegalArgumentException(".wgr files hold none, zstd or xz, not " + codec);
        Codec.Packed p = packer.apply(codec.withoutDeflate(payload.length), payload);
        return codec == Codec.FAST && p.bytes().length >= payload.length ? new Codec.Packed(Codec.NONE, payload) : p;
    }

    /** The codec a .wgr header names: none, zstd or xz (zlib, which .wtrace has from version 4, is not one). */
    static Codec codecOf(int id, String where) throws FormatException {
        Codec codec = Codec.byId(id, where);
        if (codec == Codec.DEFLATE || codec == Codec.ZSTD_DICT || codec == Codec.LZMA2) throw new FormatException(where + ": unknown codec id " + id);
        return codec;
    }
}
