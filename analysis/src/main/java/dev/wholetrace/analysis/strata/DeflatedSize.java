package dev.wholetrace.analysis.strata;

import java.util.zip.Deflater;

/**
 * The size a stream of numbers takes written as varints and compressed with zlib (deflate, level
 * 9) — the paper's compression server used the system libz. Bytes are compressed as they come and
 * thrown away; only their count is kept.
 */
final class DeflatedSize {
    private final Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    private final byte[] in = new byte[1 << 16];
    private final byte[] out = new byte[1 << 16];
    private int filled;
    private long rawBytes;
    private long compressedBytes;
    private boolean finished;

    void add(long value) {
        if (filled > in.length - 10) flush();
        long v = value;
        while ((v & ~0x7FL) != 0) {
            in[filled++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        in[filled++] = (byte) v;
    }

    private void flush() {
        rawBytes += filled;
        deflater.setInput(in, 0, filled);
        while (!deflater.needsInput()) compressedBytes += deflater.deflate(out);
        filled = 0;
    }

    /** Compressed bytes of everything added; adds nothing more afterwards. */
    long finish() {
        if (!finished) {
            flush();
            deflater.finish();
            while (!deflater.finished()) compressedBytes += deflater.deflate(out);
            deflater.end();
            finished = true;
        }
        return compressedBytes;
    }

    /** Varint bytes added (before compression). */
    long rawBytes() {
        return rawBytes + filled;
    }
}
