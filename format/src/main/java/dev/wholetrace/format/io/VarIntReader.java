package dev.wholetrace.format.io;

/**
 * Reads what {@link VarIntWriter} wrote, bounds-checked: running off the end or a malformed varint
 * is a {@link FormatException} naming {@code what} was being read, never an index error.
 */
public final class VarIntReader {
    private final byte[] buf;
    private int pos;
    private final int end;
    private final String section;

    public VarIntReader(byte[] buf, String section) {
        this(buf, 0, buf.length, section);
    }

    public VarIntReader(byte[] buf, int from, int to, String section) {
        this.buf = buf;
        this.pos = from;
        this.end = to;
        this.section = section;
    }

    public long readVarLong(String what) throws FormatException {
        return readVarLong(what, "");
    }

    /** A varint of {@code what + suffix}, the two joined only for an error's message (not per value read). */
    private long readVarLong(String what, String suffix) throws FormatException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= end) throw truncated(what + suffix);
            byte b = buf[pos++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
        throw corrupt("malformed varint in " + what + suffix);
    }

    /** The length of {@code what}, at most the bytes left: {@code readCount(what + " length", remaining())} without joining the strings. */
    public int readLength(String what) throws FormatException {
        int max = end - pos;
        long v = readVarLong(what, " length");
        if (v < 0 || v > max) throw corrupt(what + " length " + v + " out of range [0, " + max + "]");
        return (int) v;
    }

    /** One unsigned byte. */
    public int readByte(String what) throws FormatException {
        if (pos >= end) throw truncated(what);
        return buf[pos++] & 0xFF;
    }

    /** One unsigned byte, 0 past the end (a compact range coder's trailing zeros are not stored). */
    int readByteOrZero() {
        return pos < end ? buf[pos++] & 0xFF : 0;
    }

    public long readSignedVarLong(String what) throws FormatException {
        long v = readVarLong(what);
        return (v >>> 1) ^ -(v & 1);
    }

    /** An unsigned varint that must lie in [0, max]: counts and lengths read from the file. */
    public int readCount(String what, long max) throws FormatException {
        long v = readVarLong(what);
        if (v < 0 || v > max) throw corrupt(what + " " + v + " out of range [0, " + max + "]");
        return (int) v;
    }

    /** The next length-prefixed block as its own reader. */
    public VarIntReader readBlock(String name) throws FormatException {
        long len = readVarLong("length of " + name);
        if (len < 0 || len > remaining()) throw corrupt("length of " + name + " (" + len + " bytes) overruns its container (" + remaining() + " left)");
        VarIntReader block = new VarIntReader(buf, pos, pos + (int) len, name);
        pos += (int) len;
        return block;
    }

    /** A reader of the bytes this one has left, which reading does not move this one (a look ahead). */
    public VarIntReader peek() {
        return new VarIntReader(buf, pos, end, section);
    }

    /** Where the next read starts in the array (a place to come back to with {@link #VarIntReader(byte[], int, int, String)}). */
    public int position() {
        return pos;
    }

    /** Passes over {@code n} bytes of {@code what}. */
    public void skip(int n, String what) throws FormatException {
        if (n < 0 || n > end - pos) throw truncated(what);
        pos += n;
    }

    /** {@code n} bytes of {@code what} as UTF-8 text. */
    public String readUtf8(int n, String what) throws FormatException {
        if (n < 0 || n > end - pos) throw truncated(what);
        String s = new String(buf, pos, n, java.nio.charset.StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    public int remaining() {
        return end - pos;
    }

    public void expectEnd() throws FormatException {
        if (pos != end) throw corrupt((end - pos) + " unexpected trailing bytes");
    }

    public FormatException corrupt(String message) {
        return new FormatException("corrupted " + section + ": " + message);
    }

    private FormatException truncated(String what) {
        return new FormatException("truncated " + section + " while reading " + what);
    }
}
