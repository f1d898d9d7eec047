package dev.wholetrace.format.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * The {@code .wgr} container (docs/formats.md): a 32-byte header protected by its own CRC, then
 * one payload compressed by a {@link Codec}. The payload's CRC is checked after decompression, so
 * a flipped bit anywhere is reported, and declared lengths are checked against the file before
 * anything is allocated.
 */
public final class GrammarFile {
    public static final byte[] MAGIC = {'W', 'T', 'G', 'R'};
    public static final int VERSION = 1;
    public static final int HEADER_BYTES = 32;

    private GrammarFile() {}

    /** Writes {@code payload} compressed with {@code codec}; returns the bytes written. */
    public static long write(Path file, byte[] payload, Codec codec) throws IOException {
        Codec.Packed packed = codec.pack(payload);
        Codec chosen = packed.codec();
        byte[] stored = packed.bytes();
        ByteBuffer h = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        h.put(MAGIC).putShort((short) VERSION).put((byte) chosen.id).put((byte) 0);
        h.putLong(payload.length).putLong(stored.length).putInt((int) crc(payload, payload.length));
        h.putInt((int) crc(h.array(), 28));
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(h.array());
            out.write(stored);
        }
        return HEADER_BYTES + (long) stored.length;
    }

    /** Reads and verifies the payload of a {@code .wgr} file. */
    public static byte[] read(Path file) throws IOException {
        if (Files.isDirectory(file)) throw new FormatException(file + " is a directory, not a grammar file");
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new FormatException(file + ": no such file");
        }
        String name = file.getFileName().toString();
        if (all.length < MAGIC.length || !startsWithMagic(all)) {
            throw new FormatException(name + " is not a Wholetrace grammar file (bad magic)");
        }
        if (all.length < HEADER_BYTES) throw new FormatException(name + " is truncated inside its header");
        ByteBuffer h = ByteBuffer.wrap(all, 0, HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        int version = Short.toUnsignedInt(h.getShort(4));
        if (h.getInt(28) != (int) crc(all, 28)) throw new FormatException(name + ": corrupted header (checksum mismatch)");
        if (version != VERSION) throw new FormatException(name + ": unsupported format version " + version + " (this build reads " + VERSION + ")");
        Codec codec = Codec.byId(all[6]);
        long rawLength = h.getLong(8);
        long storedLength = h.getLong(16);
        int payloadCrc = h.getInt(24);
        if (rawLength < 0 || rawLength > Integer.MAX_VALUE - 8) throw new FormatException(name + ": payload of " + rawLength + " bytes is too large");
        if (HEADER_BYTES + storedLength > all.length) {
            throw new FormatException(name + " is truncated: header declares " + (HEADER_BYTES + storedLength) + " bytes, file has " + all.length);
        }
        if (HEADER_BYTES + storedLength < all.length) throw new FormatException(name + ": " + (all.length - HEADER_BYTES - storedLength) + " bytes of trailing data");
        byte[] stored = new byte[(int) storedLength];
        System.arraycopy(all, HEADER_BYTES, stored, 0, stored.length);
        byte[] payload = codec.decompress(stored, (int) rawLength, name + " payload");
        if ((int) crc(payload, payload.length) != payloadCrc) throw new FormatException(name + ": corrupted payload (checksum mismatch)");
        return payload;
    }

    private static boolean startsWithMagic(byte[] b) {
        for (int i = 0; i < MAGIC.length; i++) if (b[i] != MAGIC[i]) return false;
        return true;
    }

    private static long crc(byte[] b, int len) {
        CRC32 c = new CRC32();
        c.update(b, 0, len);
        return c.getValue();
    }
}
