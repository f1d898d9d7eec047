package dev.wholetrace.format.io;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Every use of zstd-jni, kept out of {@link Codec} so that Codec loads and verifies without it:
 * the JVM agent carries no native library and writes xz only.
 */
final class ZstdSupport {
    private ZstdSupport() {}

    static byte[] compress(byte[] raw) {
        return Zstd.compress(raw, 19);
    }

    /** zstd -19 with {@code dictionary} as raw content (not a trained ZDICT dictionary: zstd takes it as text to refer back to). */
    static byte[] compress(byte[] raw, byte[] dictionary) {
        return Zstd.compressUsingDict(raw, dictionary, 19);
    }

    /** Whether the zstd frame {@code stored[from..]} declares {@code rawLength} bytes of content (read from its header only). */
    static boolean declares(byte[] stored, int from, int rawLength) {
        return Zstd.getFrameContentSize(stored, from, stored.length - from) == rawLength;
    }

    /**
     * A decoder stream whose buffers (about 128 KiB each) come from zstd-jni's recycling pool: a
     * trace of many small sections (thousands of short-lived virtual threads) otherwise allocated
     * and zeroed them once per section, a fifth of reading's CPU.
     */
    static InputStream input(InputStream in) throws IOException {
        return new ZstdInputStream(in, RecyclingBufferPool.INSTANCE);
    }

    /** {@link #input(InputStream)} of a frame coded with {@code dictionary} as raw content ({@link #compress(byte[], byte[])}). */
    static InputStream input(InputStream in, byte[] dictionary) throws IOException {
        ZstdInputStream z = new ZstdInputStream(in, RecyclingBufferPool.INSTANCE);
        try {
            return z.setDict(dictionary);
        } catch (IOException | RuntimeException e) {
            z.close();
            throw e;
        }
    }
}
