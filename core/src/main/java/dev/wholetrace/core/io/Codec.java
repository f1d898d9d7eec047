package dev.wholetrace.core.io;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;

/**
 * The general-purpose last stage applied to a varint payload. The grammar removes the long-range
 * repetition; the codec squeezes what is left (small varints, skewed symbol frequencies).
 */
public enum Codec {
    NONE(0),
    ZSTD(1),
    XZ(2),
    /** Tries zstd -19 and xz -9 and keeps the smaller; only valid when writing. */
    BEST(-1);

    public final int id;

    Codec(int id) {
        this.id = id;
    }

    public static Codec byId(int id) throws FormatException {
        for (Codec c : values()) if (c.id == id && c != BEST) return c;
        throw new FormatException("unknown codec id " + id);
    }

    public byte[] compress(byte[] raw) {
        try {
            return switch (this) {
                case NONE -> raw;
                case ZSTD -> Zstd.compress(raw, 19);
                case XZ -> {
                    ByteArrayOutputStream bos = new ByteArrayOutputStream(Math.max(64, raw.length / 4));
                    try (XZOutputStream xz = new XZOutputStream(bos, new LZMA2Options(9))) {
                        xz.write(raw);
                    }
                    yield bos.toByteArray();
                }
                case BEST -> throw new IllegalStateException("resolve BEST before compressing");
            };
        } catch (IOException e) {
            throw new IllegalStateException("in-memory compression failed", e);
        }
    }

    /** Decompresses exactly {@code rawLength} bytes; anything else is a {@link FormatException}. */
    public byte[] decompress(byte[] stored, int rawLength, String section) throws FormatException {
        try {
            switch (this) {
                case NONE:
                    if (stored.length != rawLength) throw new FormatException(section + ": length mismatch");
                    return stored;
                case ZSTD: {
                    long size = Zstd.getFrameContentSize(stored);
                    if (size != rawLength) throw new FormatException("corrupted " + section + ": zstd frame size " + size + ", expected " + rawLength);
                    byte[] out = new byte[rawLength];
                    long n = Zstd.decompressByteArray(out, 0, rawLength, stored, 0, stored.length);
                    if (Zstd.isError(n) || n != rawLength) throw new FormatException("corrupted " + section + ": zstd data is damaged");
                    return out;
                }
                case XZ: {
                    byte[] out = new byte[rawLength];
                    try (InputStream in = new XZInputStream(new ByteArrayInputStream(stored))) {
                        int off = 0;
                        while (off < rawLength) {
                            int n = in.read(out, off, rawLength - off);
                            if (n < 0) throw new FormatException("corrupted " + section + ": xz data ends early");
                            off += n;
                        }
                        if (in.read() >= 0) throw new FormatException("corrupted " + section + ": xz data is longer than declared");
                    }
                    return out;
                }
                default:
                    throw new FormatException("codec " + this + " cannot decompress");
            }
        } catch (FormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new FormatException("corrupted " + section + ": " + this.name().toLowerCase() + " data is damaged (" + e.getMessage() + ")", e);
        }
    }
}
