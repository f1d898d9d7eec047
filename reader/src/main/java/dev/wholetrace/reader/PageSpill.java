package dev.wholetrace.reader;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where the packed sync order's full pages ({@link PackedBytes}) go: the first {@code heapBytes}
 * stay on the heap, the rest are written to a temporary file and read back through read-only
 * mappings. So the heap a loaded trace needs for S_synch is bounded (by this budget and the order's
 * small block indexes), not about 10 bytes per operation: a 63 M-operation trace kept 630 MB of
 * pages, more than the launcher's 512 MB heap. The file is deleted as soon as it is opened (its
 * mappings keep it readable), so nothing is left behind, even when the JVM is killed; the
 * operating system keeps the mapped pages in its page cache and may drop them under pressure.
 */
final class PageSpill {
    /** System property: the bytes of pages kept on the heap before spilling. */
    static final String PROPERTY = "wholetrace.syncOrderHeapBytes";

    /** Never spills: every page stays on the heap (tests, small traces). */
    static final PageSpill NONE = new PageSpill(Long.MAX_VALUE, null);

    private final long heapBytes;
    private final Path directory;
    private long onHeap;
    private FileChannel file;
    private long fileBytes;

    private PageSpill(long heapBytes, Path directory) {
        this.heapBytes = heapBytes;
        this.directory = directory;
    }

    /** Keeps up to {@code heapBytes} of pages on the heap and spills the rest to a temporary file in {@code directory} (null: the default). */
    static PageSpill afterHeapBytes(long heapBytes, Path directory) {
        if (heapBytes < 0) throw new IllegalArgumentException("heap bytes must not be negative: " + heapBytes);
        return new PageSpill(heapBytes, directory);
    }

    /** The configured share ({@value #PROPERTY}, else a eighth of the maximum heap), spilling to the default temporary directory. */
    static PageSpill configured() {
        return afterHeapBytes(Math.max(0, Long.getLong(PROPERTY, Runtime.getRuntime().maxMemory() / 8)), null);
    }

    /** A full page: null if it stays on the heap, or a read-only mapping of its copy in the spill file. */
    ByteBuffer take(byte[] page) {
        if (onHeap + page.length <= heapBytes) {
            onHeap += page.length;
            return null;
        }
        try {
            if (file == null) file = open();
            ByteBuffer src = ByteBuffer.wrap(page);
            long at = fileBytes;
            while (src.hasRemaining()) at += file.write(src, at);
            MappedByteBuffer mapped = file.map(FileChannel.MapMode.READ_ONLY, fileBytes, page.length);
            fileBytes = at;
            return mapped;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill the sync order to a temporary file (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Closes the spill file once everything is spilled (its mappings stay valid until they are
     * collected): an opened trace keeps no file descriptor. A later {@link #take} opens a new file.
     */
    void close() {
        if (file == null) return;
        try {
            file.close();
        } catch (IOException e) {
            // nothing was lost: the mappings hold the pages
        }
        file = null;
    }

    /** Bytes written to the spill file. */
    long spilledBytes() {
        return fileBytes;
    }

    private FileChannel open() throws IOException {
        Path f = directory == null ? Files.createTempFile("wholetrace-sync-order", ".pages") : Files.createTempFile(directory, "wholetrace-sync-order", ".pages");
        FileChannel c = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            Files.delete(f); // the mappings keep the data; nothing is left behind
        } catch (IOException e) {
            f.toFile().deleteOnExit(); // a file system that cannot remove an open file
        }
        return c;
    }
}
