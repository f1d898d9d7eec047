package dev.wholetrace.format.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.tukaani.xz.BasicArrayCache;
import org.tukaani.xz.FinishableWrapperOutputStream;
import org.tukaani.xz.LZMA2InputStream;
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
    static OutputStream output(OutputStream out, int preset, int rawLength, boolean raw) throws IOException {
        return output(out, new LZMA2Options(preset), rawLength, raw);
    }

    /**
     * Preset 9's coder (LZMA2's normal mode: optimal parsing) over a bounded match search: the
     * hash-chain match finder (HC4) looking at {@link Codec#LARGE_XZ_DEPTH} candidates for matches
     * of up to {@link Codec#LARGE_XZ_NICE_LENGTH} bytes, in place of preset 9's binary trees (BT4,
     * 48 candidates, nice length 64). The trees' search is what made xz -9 cost ~0.7 s of CPU per
     * MB on a sync order of long, nearly periodic repeats (docs/results/repack.md); this costs
     * about a quarter of that for ~10 % more bytes there. Same stream format: any xz decoder reads it.
     */
    static OutputStream outputLarge(OutputStream out, int rawLength, boolean raw) throws IOException {
        LZMA2Options options = new LZMA2Options(9);
        options.setMatchFinder(LZMA2Options.MF_HC4);
        options.setNiceLen(Codec.LARGE_XZ_NICE_LENGTH);
        options.setDepthLimit(Codec.LARGE_XZ_DEPTH);
        return output(out, options, rawLength, raw);
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
    static OutputStream outputByteCoded(OutputStream out, int rawLength, boolean raw) throws IOException {
        LZMA2Options options = new LZMA2Options(9);
        options.setLcLp(1, 0);
        options.setPb(0);
        return output(out, options, rawLength, raw);
    }

    /**
     * The encoder of {@code options} into {@code out}: an xz stream, or with {@code raw} ({@link
     * Codec#LZMA2}) our two-byte header and the bare LZMA2 stream, without xz's stream header, block
     * header, index and footer (~60 bytes a payload; the section's CRC covers the stored bytes).
     */
    private static OutputStream output(OutputStream out, LZMA2Options options, int rawLength, boolean raw) throws IOException {
        options.setDictSize(dictionaryFor(options.getDictSize(), rawLength));
        if (!raw) return new XZOutputStream(out, options, ReusedXzArrays.INSTANCE);
        out.write(RAW_HEADER_VERSION);
        out.write(dictionaryByte(options.getDictSize()));
        return options.getOutputStream(new FinishableWrapperOutputStream(out), ReusedXzArrays.INSTANCE);
    }

    /** Up to this, a payload's dictionary is its length rounded up to a power of two ({@link #dictionaryFor}). */
    private static final int ROUNDED_DICTIONARY_MAX = 1 << 20;

    /**
     * The dictionary of a payload of {@code rawLength} bytes at a preset whose own is {@code preset}:
     * no larger than the preset's, and up to {@link #ROUNDED_DICTIONARY_MAX} the payload's length
     * rounded up to a power of two (above it the exact length, as the cache keeps no arrays that large).
     * The encoder sizes its work arrays (window, hash tables, hash chain) from the dictionary and
     * {@link ReusedXzArrays} hands back exact sizes only: a dictionary of exactly the payload's length
     * gave every section arrays of a size of their own, which were never reused (JFR on the Jackson
     * driver: a quarter of the agent's allocation, docs/results/overhead-profile.md "Session 50:
     * memory"). Any match lies within the payload, so a larger window finds no other matches; only the
     * hash table's size, and with it which candidates a bounded search sees, can differ.
     */
    static int dictionaryFor(int preset, int rawLength) {
        int length = Math.max(LZMA2Options.DICT_SIZE_MIN, rawLength);
        long rounded = length <= ROUNDED_DICTIONARY_MAX ? Long.highestOneBit(length - 1L) << 1 : length;
        return (int) Math.min(preset, rounded);
    }

    /** The first byte of a {@link Codec#LZMA2} payload: the version of our header (docs/trace-format.md, "Raw LZMA2"). */
    static final int RAW_HEADER_VERSION = 1;
    /** The bytes of our header before the LZMA2 stream: its version and the dictionary size. */
    static final int RAW_HEADER_BYTES = 2;
    /** The largest dictionary byte a header may hold: 64 MiB, preset 9's, the largest any writer of ours uses. */
    static final int MAX_DICTIONARY_BYTE = 28;

    /**
     * The dictionary size as xz's LZMA2 filter property codes it (0..40: (2 | b & 1) << (b / 2 + 11)),
     * the smallest byte whose size is at least {@code size}: a decoder's dictionary may be larger than
     * the encoder's, never smaller.
     */
    static int dictionaryByte(int size) {
        int b = 0;
        while (dictionarySize(b) < size) b++;
        return b;
    }

    /** The dictionary size of dictionary byte {@code b} (0..40). */
    static long dictionarySize(int b) {
        return (2L | b & 1) << (b / 2 + 11);
    }

    /**
     * A decoder of the LZMA2 stream of a {@link Codec#LZMA2} payload, {@code in} positioned at its
     * start (after our header, whose version was checked), that decodes {@code rawLength} bytes with
     * the dictionary of {@code dictionaryByte}: no larger than the data (the encoder's never was), so
     * a damaged header cannot make it allocate more than the section's declared length.
     */
    static InputStream rawInput(InputStream in, int dictionaryByte, int rawLength) {
        long dict = Math.min(dictionarySize(dictionaryByte), Math.max(LZMA2Options.DICT_SIZE_MIN, rawLength));
        return new LZMA2InputStream(in, (int) dict);
    }

    /**
     * An xz decoder of {@code in}, its tables reused across sections. It does not compute the
     * stream's own check (CRC64, ~5 % of a cold eWPP count, docs/results/ewpp.md "Session 43"):
     * every caller checks a CRC32 of its own ({@code .wtrace} sections over their stored bytes
     * before decoding, {@code .wgr} payloads after), and a damaged LZMA2 stream still fails to decode.
     * Its memory is limited to what the largest dictionary any writer of ours uses needs (preset 9's,
     * {@link #MAX_DICTIONARY_BYTE}): xz's decoder allocates the dictionary its block header names
     * before it decodes a byte, and a damaged header (its CRCs made to agree) named up to 1.5 GiB.
     */
    static InputStream input(InputStream in) throws IOException {
        return new XZInputStream(in, MAX_DECODER_KIB, false, BasicArrayCache.getInstance());
    }

    /** The memory, in KiB, xz's decoder may use: LZMA2's with the dictionary of {@link #MAX_DICTIONARY_BYTE}. */
    private static final int MAX_DECODER_KIB = LZMA2InputStream.getMemoryUsage((int) dictionarySize(MAX_DICTIONARY_BYTE));
}
