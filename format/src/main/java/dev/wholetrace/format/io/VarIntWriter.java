package dev.wholetrace.format.io;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer of LEB128 varints (unsigned, and zigzag for signed values). */
public final class VarIntWriter {
    private byte[] buf;
    private int size;

    public VarIntWriter() {
        this(256);
    }

    public VarIntWriter(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    public VarIntWriter writeVarLong(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
        return this;
    }

    public VarIntWriter writeByte(int b) {
        ensure(1);
        buf[size++] = (byte) b;
        return this;
    }

    public VarIntWriter writeSignedVarLong(long v) {
        return writeVarLong((v << 1) ^ (v >> 63));
    }

    public VarIntWriter writeBytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
        return this;
    }

    /** A length-prefixed block: lets readers skip or bound-check nested content. */
    public VarIntWriter writeBlock(VarIntWriter block) {
        writeVarLong(block.size);
        return writeBytes(block.buf, 0, block.size);
    }

    public int size() {
        return size;
    }

    /**
     * Empties this writer for reuse (a scratch buffer kept by a writing thread), keeping its array
     * unless that is over 64 KiB and more than four times what was written since the last clear.
     */
    void clear() {
        if (buf.length > 1 << 16 && buf.length / 4 > size) buf = new byte[Math.max(256, 2 * size)];
        size = 0;
    }

    /**
     * {@code s} in UTF-8 behind its byte length (varint). An ASCII string, as class and method
     * names almost always are, is copied char by char without the byte array
     * {@link String#getBytes} makes: the recorder's writer writes every new block's code entry so.
     */
    public VarIntWriter writeUtf8(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                byte[] b = s.getBytes(StandardCharsets.UTF_8);
                writeVarLong(b.length);
                return writeBytes(b, 0, b.length);
            }
        }
        writeVarLong(n);
        ensure(n);
        for (int i = 0; i < n; i++) buf[size + i] = (byte) s.charAt(i);
        size += n;
        return this;
    }

    /** Appends what {@code other} holds. */
    public VarIntWriter writeAll(VarIntWriter other) {
        return writeBytes(other.buf, 0, other.size);
    }

    /** A reader of what was written so far (sharing the bytes: write no more while reading). */
    public VarIntReader reader(String what) {
        return new VarIntReader(buf, 0, size, what);
    }

    /** Drops the trailing zero bytes written at or after {@code from} (the range coder's compact end). */
    void trimZerosFrom(int from) {
        while (size > from && buf[size - 1] == 0) size--;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    private void ensure(int extra) {
        if (size + extra > buf.length) {
            long want = Math.max((long) buf.length * 2, (long) size + extra);
            if (want > Integer.MAX_VALUE - 8) throw new IllegalStateException("buffer exceeds 2 GiB");
            buf = Arrays.copyOf(buf, (int) want);
        }
    }
}
