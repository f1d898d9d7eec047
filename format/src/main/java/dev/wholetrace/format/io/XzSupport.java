package dev.wholetrace.format.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.tukaani.xz.BasicArrayCache;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;

/**
 * Every use of XZ for Java, kept out of {@link Codec} as {@link ZstdSupport} is: verifying Codec
 * would otherwise load the xz streams' classes, which a reader of a trace without xz sections
 * (and its small sections are zlib, {@link Codec#FAST_DEFLATE_BELOW}) then never uses.
 */
final class XzSupport {
    private XzSupport() {}

    /**
     * An xz encoder at {@code preset} into {@code out}, its work arrays reused across sections. No
     * dictionary larger than the data ({@code rawLength}): preset 9's 64 MiB default costs ~700 MB
     * of match-finder memory and half a second even for a tiny payload.
     */
    static OutputStream output(OutputStream out, int preset, int rawLength) throws IOException {
        return output(out, new LZMA2Options(preset), rawLength);
    }

    /**
     * Preset 9's coder (LZMA2's normal mode: optimal parsing) over a bounded match search: the
     * hash-chain match finder (HC4) looking at {@link Codec#LARGE_XZ_DEPTH} candidates for matches
     * of up to {@link Codec#LARGE_XZ_NICE_LENGTH} bytes, in place of preset 9's binary trees (BT4,
     * 48 candidates, nice length 64). The trees' search is what made xz -9 cost ~0.7 s of CPU per
     * MB on a sync order of long, nearly periodic repeats (docs/results/repack.md); this costs
     * about a quarter of that for ~10 % more bytes there. Same stream format: any xz decoder reads it.
     */
    static OutputStream outputLarge(OutputStream out, int rawLength) throws IOException {
        LZMA2Options options = new LZMA2Options(9);
        options.setMatchFinder(LZMA2Options.MF_HC4);
        options.setNiceLen(Codec.LARGE_XZ_NICE_LENGTH);
        options.setDepthLimit(Codec.LARGE_XZ_DEPTH);
        return output(out, options, rawLength);
    }

    /**
     * Preset 9 with a byte-coded literal model: one bit of the previous byte as literal context
     * (lc=1, preset 9's is 3) and no position bits (lc, lp, pb = 1, 0, 0; preset 9's pb is 2). A
     * trace's payloads are varints, zigzag deltas and UTF-8 names, whose bytes do not fall on
     * 4-byte positions and whose next literal depends little on the previous byte's high bits, so
     * fewer contexts learn faster on a few KB: on SOR at 8 threads merged into one chunk the pack's
     * block 2,596 → 2,536 B, its 16 code pieces 28,504 → 27,876 B (session 45, lc 0-4, lp 0-2 and
     * pb 0-2 tried; 1/0/0 was the smallest on both). The properties are in the stream's block
     * header: any xz decoder reads it.
     */
    static OutputStream outputByteCoded(OutputStream out, int rawLength) throws IOException {
        LZMA2Options options = new LZMA2Options(9);
        options.setLcLp(1, 0);
        options.setPb(0);
        return output(out, options, rawLength);
    }

    private static OutputStream output(OutputStream out, LZMA2Options options, int rawLength) throws IOException {
        options.setDictSize(Math.max(LZMA2Options.DICT_SIZE_MIN, Math.min(options.getDictSize(), rawLength)));
        return new XZOutputStream(out, options, ReusedXzArrays.INSTANCE);
    }

    /**
     * An xz decoder of {@code in}, its tables reused across sections. It does not compute the
     * stream's own check (CRC64, ~5 % of a cold eWPP count, docs/results/ewpp.md "Session 43"):
     * every caller checks a CRC32 of its own ({@code .wtrace} sections over their stored bytes
     * before decoding, {@code .wgr} payloads after), and a damaged LZMA2 stream still fails to decode.
     */
    static InputStream input(InputStream in) throws IOException {
        return new XZInputStream(in, -1, false, BasicArrayCache.getInstance());
    }
}
