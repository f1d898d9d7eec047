package dev.wholetrace.format.io;

import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A virtual file for tests of files past 2 GB without writing one: what is written is kept, except
 * large writes of zeros, which become holes (as in a sparse file); reads serve the kept extents and
 * zeros elsewhere. {@link #cutAt} gives a view of the same bytes ending earlier (a cut file).
 */
public final class SparseChannel extends FileChannel {
    private static final int HOLE_AT_LEAST = 1 << 20;
    private final TreeMap<Long, byte[]> extents;
    private long size;
    private long position;

    /** An empty virtual file. */
    public SparseChannel() {
        this(new TreeMap<>(), 0);
    }

    private SparseChannel(TreeMap<Long, byte[]> extents, long size) {
        this.extents = extents;
        this.size = size;
    }

    /** The same bytes, ending at {@code newSize}. */
    public SparseChannel cutAt(long newSize) {
        return new SparseChannel(extents, Math.min(size, newSize));
    }

    /** A copy whose writes do not change this one. */
    SparseChannel copy() {
        return new SparseChannel(new TreeMap<>(extents), size);
    }

    /** Bytes actually held (the file's size less its holes). */
    long storedBytes() {
        long n = 0;
        for (byte[] b : extents.values()) n += b.length;
        return n;
    }

    /** Skips {@code bytes} zeros at the position (a hole: nothing stored). */
    public void hole(long bytes) {
        position += bytes;
        size = Math.max(size, position);
    }

    @Override
    public int write(ByteBuffer src) {
        int n = src.remaining();
        byte[] b = new byte[n];
        src.get(b);
        if (n < HOLE_AT_LEAST || !allZero(b)) extents.put(position, b);
        position += n;
        size = Math.max(size, position);
        return n;
    }

    private static boolean allZero(byte[] b) {
        for (byte x : b) if (x != 0) return false;
        return true;
    }

    @Override
    public int read(ByteBuffer dst, long at) {
        if (at >= size) return -1;
        int n = (int) Math.min(dst.remaining(), size - at);
        int base = dst.position();
        long end = at + n;
        byte[] into = dst.array(); // the readers read into arrays
        int off = dst.arrayOffset() + base;
        Arrays.fill(into, off, off + n, (byte) 0);
        Map.Entry<Long, byte[]> first = extents.floorEntry(at);
        Long from = first != null ? first.getKey() : at;
        for (Map.Entry<Long, byte[]> e : extents.subMap(from, true, end, false).entrySet()) {
            long s = Math.max(at, e.getKey());
            long t = Math.min(end, e.getKey() + e.getValue().length);
            if (s < t) System.arraycopy(e.getValue(), (int) (s - e.getKey()), into, off + (int) (s - at), (int) (t - s));
        }
        dst.position(base + n);
        return n;
    }

    @Override
    public int read(ByteBuffer dst) {
        int n = read(dst, position);
        if (n > 0) position += n;
        return n;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public FileChannel position(long p) {
        position = p;
        return this;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) {
        throw new UnsupportedOperationException();
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
        throw new UnsupportedOperationException();
    }

    @Override
    public FileChannel truncate(long s) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void force(boolean metaData) {}

    @Override
    public long transferTo(long p, long count, WritableByteChannel target) {
        throw new UnsupportedOperationException();
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long p, long count) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int write(ByteBuffer src, long p) {
        throw new UnsupportedOperationException();
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long p, long s) {
        throw new UnsupportedOperationException();
    }

    @Override
    public FileLock lock(long p, long s, boolean shared) {
        throw new UnsupportedOperationException();
    }

    @Override
    public FileLock tryLock(long p, long s, boolean shared) {
        throw new UnsupportedOperationException();
    }

    @Override
    protected void implCloseChannel() {}
}
