package dev.wholetrace.workloads.libs;

import dev.wholetrace.workloads.Size;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import org.apache.commons.compress.archivers.zip.ParallelScatterZipCreator;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.parallel.InputStreamSupplier;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

/**
 * commons-compress under the agent, with the parallelism inside the library: a
 * ParallelScatterZipCreator deflates generated text entries on a pool of 4 threads (it submits a
 * Callable per entry and waits on the Futures itself), the archive is written to memory and read
 * back; prints each entry's name, size and CRC, and a CRC of all contents. Exits with code 6.
 * Optional argument: size (default 1), 40 × size entries.
 */
public final class CompressDriver {
    public static void main(String[] args) throws Exception {
        int entries = 40 * Size.of(args);
        AtomicInteger workers = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4, r -> new Thread(r, "zip-" + workers.getAndIncrement()));
        ParallelScatterZipCreator creator = new ParallelScatterZipCreator(pool);
        for (int i = 0; i < entries; i++) {
            ZipArchiveEntry entry = new ZipArchiveEntry(String.format("part-%04d.txt", i));
            entry.setMethod(ZipEntry.DEFLATED);
            entry.setTime(946_684_800_000L); // 2000-01-01: the archive does not depend on the clock
            byte[] content = text(i);
            InputStreamSupplier source = () -> new ByteArrayInputStream(content);
            creator.addArchiveEntry(entry, source);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(bytes)) {
            creator.writeTo(out); // waits for every entry (and shuts the pool down)
        }
        System.out.println("archive entries=" + entries + " bytes=" + bytes.size());

        CRC32 all = new CRC32();
        try (ZipFile zip = ZipFile.builder().setSeekableByteChannel(new SeekableInMemoryByteChannel(bytes.toByteArray())).get()) {
            int shown = 0;
            for (Enumeration<ZipArchiveEntry> e = zip.getEntries(); e.hasMoreElements(); ) {
                ZipArchiveEntry entry = e.nextElement();
                byte[] data;
                try (InputStream in = zip.getInputStream(entry)) {
                    data = in.readAllBytes();
                }
                all.update(data);
                CRC32 crc = new CRC32();
                crc.update(data);
                if (!java.util.Arrays.equals(data, text(Integer.parseInt(entry.getName().substring(5, 9))))) {
                    throw new IllegalStateException(entry.getName() + " does not read back as written");
                }
                if (shown++ < 5) System.out.printf("%s %d bytes crc %08x%n", entry.getName(), data.length, crc.getValue());
            }
            System.out.printf("read back %d entries, contents crc %08x%n", shown, all.getValue());
        }
        System.exit(6);
    }

    /** Entry i's text: a few kB of lines that deflate well, different per entry. */
    static byte[] text(int i) {
        StringBuilder b = new StringBuilder();
        for (int line = 0; line < 60 + i % 17; line++) {
            b.append("entry ").append(i).append(" line ").append(line).append(": ");
            for (int w = 0; w < 8; w++) b.append("word").append((i * 31 + line * 7 + w) % 97).append(' ');
            b.append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }
}
