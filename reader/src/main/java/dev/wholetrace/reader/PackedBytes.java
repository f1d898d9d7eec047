package dev.wholetrace.reader;

import java.util.Arrays;

/**
 * A growable byte array written with unsigned and zigzag varints (LEB128, as the file uses), read
 * back by position. The resident form of the sync order: a varint is a byte for the small
 * differences most entries are.
 */
final class PackedBytes {
    private byte[] data = new byte[64];
    private int size;

    int size() {
        return size;
    }

    long capacity() {
        return data.length;
    }

    /** A reader positioned at {@code offset}. */
    Reader reader(int offset) {
        return new Reader(offset);
    }

    void writeVarLong(long v) {
        if (size + 10 > data.length) {
            long n = Math.max(64, (long) data.length + (data.length >> 1));
            if (n > Integer.MAX_VALUE - 16) {
                if (data.length >= Integer.MAX_VALUE - 16) throw new IllegalStateException("more than 2 GB of packed sync operations");
                n = Integer.MAX_VALUE - 16;
            }
            data = Arrays.copyOf(data, (int) n);
        }
        while ((v & ~0x7FL) != 0) {
            data[size++] = (byte) (v & 0x7F | 0x80);
            v >>>= 7;
        }
        data[size++] = (byte) v;
    }

    void writeSignedVarLong(long v) {
        writeVarLong(v << 1 ^ v >> 63);
    }

    void trim() {
        data = Arrays.copyOf(data, size);
    }

    /** The unsigned varint at {@code offset}. */
    long peekVarLong(int offset) {
        return new Reader(offset).varLong();
    }

    /** Decodes varints forward from a position: the one decoder of the sync order's readers. */
    final class Reader {
        private int offset;

        private Reader(int offset) {
            this.offset = offset;
        }

        void seek(int offset) {
            this.offset = offset;
        }

        /** The unsigned varint at the position; moves past it. */
        long varLong() {
            byte[] d = data;
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = d[offset++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) return v;
            }
        }

        /** The zigzag varint at the position; moves past it. */
        long signedVarLong() {
            return unzigzag(varLong());
        }
    }

    /** Undoes the zigzag of {@link #writeSignedVarLong}. */
    static long unzigzag(long v) {
        return v >>> 1 ^ -(v & 1);
    }
}
