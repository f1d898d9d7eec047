package dev.wholetrace.baseline;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/** The general-purpose baselines, each at its strongest standard level, run as streams. */
public enum GeneralPurpose {
    GZIP("gzip -9", "java.util.zip Deflater level 9 in a GZIPOutputStream", 0.05),
    BZIP2("bzip2 -9", "commons-compress BZip2CompressorOutputStream, block size 9 (900 kB)", 0.4),
    XZ("xz -9", "org.tukaani.xz XZOutputStream, LZMA2Options(9) (64 MiB dictionary, capped at the input's size), CRC64", 0.9),
    ZSTD("zstd -19", "zstd-jni ZstdOutputStream level 19, single-threaded", 1.0);

    public final String label;
    public final String how;
    /** Rough relative cost per input byte, only used to schedule the longest jobs first. */
    public final double cost;

    GeneralPurpose(String label, String how, double cost) {
        this.label = label;
        this.how = how;
        this.cost = cost;
    }

    /** A compressing stream into {@code out} for an input of {@code length} bytes. */
    OutputStream wrap(OutputStream out, long length) throws IOException {
        return switch (this) {
            case GZIP -> new GZIPOutputStream(out, 1 << 16) {
                {
                    def.setLevel(Deflater.BEST_COMPRESSION);
                }
            };
            case BZIP2 -> new BZip2CompressorOutputStream(out, 9);
            case XZ -> new XZOutputStream(out, xz9(length));
            case ZSTD -> {
                ZstdOutputStream z = new ZstdOutputStream(out);
                z.setLevel(19);
                yield z;
            }
        };
    }

    /**
     * xz -9 with its dictionary no larger than the input: xz's manual calls a larger one a waste of
     * memory, and a 64 MiB dictionary takes some 650 MB of heap in xz-java, more than the CLI's 512 MB
     * budget. The bytes out are the same: a dictionary cannot reach further back than the input.
     */
    private static LZMA2Options xz9(long length) throws IOException {
        LZMA2Options options = new LZMA2Options(9);
        options.setDictSize((int) Math.max(LZMA2Options.DICT_SIZE_MIN, Math.min(length, options.getDictSize())));
        return options;
    }

    /** Compressed size of everything {@code source} writes. */
    public long compressedBytes(ByteSource source) throws IOException {
        CountingOutputStream counter = new CountingOutputStream();
        try (OutputStream out = wrap(counter, source.length())) {
            source.writeTo(out);
        }
        return counter.count;
    }

    /** Produces the raw bytes of one input, as often as asked (each compressor reads it afresh). */
    public interface ByteSource {
        void writeTo(OutputStream out) throws IOException;

        /** Exact number of bytes {@link #writeTo} writes. */
        long length();

        static ByteSource file(Path file) throws IOException {
            long size = Files.size(file);
            return new ByteSource() {
                @Override
                public void writeTo(OutputStream out) throws IOException {
                    byte[] buf = new byte[1 << 20];
                    try (InputStream in = Files.newInputStream(file)) {
                        int n;
                        while ((n = in.read(buf)) > 0) out.write(buf, 0, n);
                    }
                }

                @Override
                public long length() {
                    return size;
                }
            };
        }
    }

    static final class CountingOutputStream extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
