package dev.wholetrace.format.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.function.LongSupplier;
import java.util.zip.Deflater;
import java.util.zip.InflaterInputStream;

/**
 * The general-purpose last stage applied to a varint payload. The grammar removes the long-range
 * repetition; the codec squeezes what is left (small varints, skewed symbol frequencies).
 */
public enum Codec {
    NONE(0),
    ZSTD(1),
    XZ(2),
    /**
     * zlib (RFC 1950: deflate with an Adler-32 check) at level 1, from the JDK's own
     * {@code java.util.zip}: about seven times as fast as xz at preset 0 for a few times the bytes.
     * What FAST packs payloads under {@link #FAST_DEFLATE_BELOW} with, and falls back to when xz
     * would not finish within the seal's time budget, or the budget is spent before xz starts
     * (since format version 4; .wgr files do not hold it).
     */
    DEFLATE(3),
    /**
     * zstd -19 with a dictionary: the raw payload of another section (format version 10 on, .wtrace
     * only): a thread's section coded against the same section of another thread of the chunk,
     * which, when the threads run the same code, holds most of its content. The stored bytes start
     * with a varint naming the reference (the trace format says which section); the rest is a
     * zstd frame. Only the trace writer and reader use it ({@link #compressWithDictionary},
     * {@link #decompressWithDictionary}); {@link #compress} and {@link #decompress} refuse it.
     */
    ZSTD_DICT(4),
    /**
     * xz's LZMA2 stream without the xz container (.wtrace format version 19 on): a two-byte header
     * of ours (its version, then the dictionary size as xz's LZMA2 filter property codes it) and the
     * bare LZMA2 chunks. The container's stream header, block header, index, footer and check take
     * ~60 bytes a payload, which on the study's merged kernels is 1 % of a trace of a few KB; the
     * section's CRC over its stored bytes, checked before decoding, covers what the xz check did. A
     * .wtrace writer of version 19 on stores what {@link #XZ}, {@link #BEST} and {@link #FAST} would
     * store as xz this way ({@link #pack(byte[], long, boolean)}); .wgr files hold none.
     */
    LZMA2(5),
    /**
     * Tries zstd -19 and xz (from {@link #BEST_XZ_FROM} bytes) and keeps the smaller; only valid
     * when writing. From {@link #ESTIMATE_FROM} bytes it first packs a sample of the payload with
     * both and drops the one that lost there by more than {@link #SKIP_MARGIN_PERCENT} %, so a large
     * payload costs one codec's run, not two. xz is preset 9, with a bounded match search from
     * {@link #LARGE_XZ_FROM} bytes ({@link #BEST_DESCRIPTION} says it in one sentence).
     */
    BEST(-1),
    /**
     * What the recorder seals chunks with: xz at preset 0 (pure Java, so the agent can use it; on
     * a sync order ~20x faster than preset 9 for ~10 % more bytes); DEFLATE for payloads under
     * {@link #FAST_DEFLATE_BELOW}, and when xz, projected from its pace so far, would not finish
     * before the deadline or the deadline has passed before it starts; the raw bytes when
     * compressing does not pay or the payload is too small to repay a container. DEFLATE is the
     * floor and ignores the deadline: until session 50 a section it had not finished by then was
     * stored raw, and on a loaded machine, where the writer thread gets little of a core, nearly
     * every sync order was (GuavaDriver 300: 16.6 MB of which 16.2 MB raw sync orders, 0.22 MB
     * re-packed with FAST; GuavaDriver 15000: 641 MB), while zlib level 1 packs a sync order
     * 90x at 300-700 MB/s of CPU (xz -0 about 1,000x at 110-180 MB/s), a small part of what the
     * compressors spent making the payload. Stored as XZ (LZMA2), DEFLATE or NONE; {@code
     * wholetrace recompress} re-packs a trace with BEST later. Only valid when writing.
     */
    FAST(-2);

    /** Payloads shorter than this are stored raw by FAST (set when xz packed them all: its container costs ~60 bytes and ~1 ms; zlib's 6 bytes might allow less, not measured). */
    static final int FAST_MIN_BYTES = 512;
    /**
     * Payloads shorter than this FAST packs with DEFLATE, not xz: below 4 KiB zlib's output was the
     * smaller in 68 of the 70 such sections of the five kernels' traces (an xz stream's headers,
     * index and check take ~60 bytes), and reading an xz section costs a reader that needs no other
     * the xz decoder's classes and the SHA-256 provider its index check asks for: about a hundred
     * classes, a fifth of a cold JVM's opening of a small trace (docs/results/races-profile.md).
     */
    static final int FAST_DEFLATE_BELOW = 4096;
    /**
     * BEST tries xz only on payloads of at least this many bytes: an xz -9 encoder costs ~0.2 ms to
     * set up whatever the payload, and below 1 KiB zstd -19 or the raw bytes were never larger on
     * the five kernels' CDR traces, an OkHttp client's and a commons-pool2 run of 2,000 virtual
     * threads (identical files), whose recompress took half the CPU time without xz's attempts
     * (9.2 → 4.7 s for 629 k events in ~30 k sections). From 2 KiB xz won a few sections.
     */
    public static final int BEST_XZ_FROM = 1024;
    /**
     * BEST's xz packs payloads of at least this many bytes with preset 9's coder over a bounded match
     * search ({@link XzSupport#outputLarge}): on a 33 MB sync order xz -9's binary-tree search
     * cost ~40 s of CPU, most of a re-pack four times as long as the recording
     * (docs/results/repack.md). Smaller payloads keep preset 9: the bound made them 7-17 % larger
     * (code maps, symbol tables, sync orders of 256 KiB-1 MiB, session 44), and xz -9 costs at most
     * ~0.6 s of CPU on one of them (0.25-0.6 s per MB measured) with a dictionary of at most 1 MiB.
     * Until session 44 the bound began at 256 KiB; the sample from {@link #ESTIMATE_FROM} pays for
     * the difference there (zstd is no longer run where xz's sample wins by the margin).
     */
    public static final int LARGE_XZ_FROM = 1 << 20;
    /** The bounded search's nice length and depth (docs/results/repack.md, "Choosing the settings"). */
    static final int LARGE_XZ_NICE_LENGTH = 16;
    static final int LARGE_XZ_DEPTH = 2;
    /** BEST judges from a sample which codec can win on payloads of at least this many bytes (1 MiB until session 44). */
    public static final int ESTIMATE_FROM = 256 << 10;
    /** The sample: this many slices of {@link #SAMPLE_SLICE_BYTES}, spread evenly over the payload (half of it at most). */
    static final int SAMPLE_SLICES = 4;
    static final int SAMPLE_SLICE_BYTES = 32 << 10;
    /** A codec whose sample came out more than this many percent larger than the other's is not run on the whole payload. */
    static final int SKIP_MARGIN_PERCENT = 10;
    /**
     * BEST's xz also tries the byte-coded model on payloads below this many bytes (session 45):
     * one more xz -9 run, ~1 ms on the few-KB sections of a study kernel; above, the sample's
     * choice and the bounded search keep a large payload's cost as it was.
     */
    static final int BYTE_CODED_XZ_BELOW = ESTIMATE_FROM;
    /**
     * What {@link #BEST} does, in one sentence fragment, for every text that names it (bench
     * reports, help): made from the constants above, so that a text cannot describe an older
     * BEST (session 42 bounded xz's search on large payloads; reports kept saying "xz -9").
     */
    public static final String BEST_DESCRIPTION = "the smallest of zstd -19, xz and the raw bytes (xz from "
            + (BEST_XZ_FROM >> 10) + " KiB: preset 9, below " + (BYTE_CODED_XZ_BELOW >> 10) + " KiB also with lc=1 pb=0, from " + (LARGE_XZ_FROM >> 20) + " MiB with preset 9's coder over a bounded "
            + "match search, nice length " + LARGE_XZ_NICE_LENGTH + ", depth " + LARGE_XZ_DEPTH + "; from " + (ESTIMATE_FROM >> 10)
            + " KiB only the codecs that a sample of " + SAMPLE_SLICES + " × " + (SAMPLE_SLICE_BYTES >> 10) + " KiB does not rule out "
            + "by more than " + SKIP_MARGIN_PERCENT + " percent)"; // no % sign: picocli help formats it; a constant: annotations quote it
    private static final int FAST_XZ_PRESET = 0;
    private static final int BEST_XZ_PRESET = 9;
    /** The preset argument of {@link #xz} that asks for the bounded search of {@link #LARGE_XZ_FROM}. */
    private static final int LARGE_XZ = -1;
    /** The preset argument of {@link #xz} that asks for preset 9 with the byte-coded literal model ({@link XzSupport#outputByteCoded}). */
    private static final int BYTE_CODED_XZ = -2;

    public final int id;

    Codec(int id) {
        this.id = id;
    }

    public static Codec byId(int id) throws FormatException {
        return byId(id, null);
    }

    /** The codec stored as {@code id}; an unknown id is corruption, reported as "{@code where}: unknown codec id N". */
    public static Codec byId(int id, String where) throws FormatException {
        for (Codec c : values()) if (c.id == id && c.id >= 0) return c;
        throw new FormatException((where == null ? "" : where + ": ") + "unknown codec id " + id);
    }

    /** Compressed bytes and the codec that made them. */
    public record Packed(Codec codec, byte[] bytes) {}

    /**
     * Compresses with this codec; {@code BEST} tries zstd -19 and xz (xz from {@link
     * #BEST_XZ_FROM} bytes; of a large payload only those its sample does not rule out) and keeps
     * the smallest of them and the raw bytes (tiny payloads do not repay a container's header).
     */
    public Packed pack(byte[] raw) {
        return pack(raw, NO_DEADLINE);
    }

    /**
     * Like {@link #pack(byte[])}, but FAST keeps xz to {@code deadline} ({@link System#nanoTime()}):
     * xz compresses in slices, and when its pace says it would end after the deadline (or the
     * deadline has passed before it starts) FAST packs with DEFLATE instead, to the end: a seal
     * spends at most its time budget on xz, and past it only zlib level 1's cost, 1.5-3 ms of
     * CPU per MB (measured on sync orders), whatever the JIT's warmth or the machine's load. Other codecs
     * ignore the deadline.
     */
    public Packed pack(byte[] raw, long deadline) {
        return pack(raw, deadline, false);
    }

    /**
     * Like {@link #pack(byte[], long)}; with {@code rawLzma2} what would be stored as {@link #XZ} is
     * stored as {@link #LZMA2}: the same LZMA2 stream without the xz container (a .wtrace writer
     * of version 19 on). Which codec wins is judged on the bytes stored.
     */
    public Packed pack(byte[] raw, long deadline, boolean rawLzma2) {
        if (this == FAST) return fast(raw, deadline, System::nanoTime, rawLzma2);
        if (this == XZ && rawLzma2) return new Packed(LZMA2, xz(raw, BEST_XZ_PRESET, NO_DEADLINE, System::nanoTime, true));
        if (this != BEST) return new Packed(this, compress(raw));
        Packed best = new Packed(NONE, raw);
        for (Codec c : bestCandidates(raw)) {
            byte[] b = c == XZ ? bestXz(raw, rawLzma2) : c.compress(raw);
            if (b.length < best.bytes().length) best = new Packed(c == XZ && rawLzma2 ? LZMA2 : c, b);
        }
        return best;
    }

    /** The codecs BEST tries on {@code raw} (besides keeping it raw). */
    static Codec[] bestCandidates(byte[] raw) {
        if (raw.length < BEST_XZ_FROM) return new Codec[] {ZSTD};
        if (raw.length < ESTIMATE_FROM) return new Codec[] {ZSTD, XZ};
        byte[] sample = sample(raw);
        long zstd = ZstdSupport.compress(sample).length;
        long xz = xz(sample, xzPreset(raw.length), NO_DEADLINE, System::nanoTime, false).length; // the xz the payload would get
        if (zstd * 100 > xz * (100L + SKIP_MARGIN_PERCENT)) return new Codec[] {XZ};
        if (xz * 100 > zstd * (100L + SKIP_MARGIN_PERCENT)) return new Codec[] {ZSTD};
        return new Codec[] {ZSTD, XZ};
    }

    /**
     * BEST's xz: preset 9, with the bounded search from {@link #LARGE_XZ_FROM} bytes (XZ itself
     * stays preset 9: the agent's {@code codec=xz}, .wgr files); below {@link #BYTE_CODED_XZ_BELOW}
     * also preset 9 with the byte-coded literal model ({@link XzSupport#outputByteCoded}), the
     * smaller kept. Either is an ordinary xz stream: any reader decodes both.
     */
    static byte[] bestXz(byte[] raw, boolean rawLzma2) {
        byte[] b = xz(raw, xzPreset(raw.length), NO_DEADLINE, System::nanoTime, rawLzma2);
        if (raw.length >= BYTE_CODED_XZ_BELOW) return b;
        byte[] byteCoded = xz(raw, BYTE_CODED_XZ, NO_DEADLINE, System::nanoTime, rawLzma2);
        return byteCoded.length < b.length ? byteCoded : b;
    }

    /** The preset argument of {@link #xz} BEST uses on a payload of {@code length} bytes. */
    private static int xzPreset(int length) {
        return length >= LARGE_XZ_FROM ? LARGE_XZ : BEST_XZ_PRESET;
    }

    /**
     * {@link #SAMPLE_SLICES} slices of {@code raw} from its start to its end, one after the other:
     * a sync order's or a stream's content changes along a chunk, and a codec's lead with it.
     */
    static byte[] sample(byte[] raw) {
        byte[] sample = new byte[SAMPLE_SLICES * SAMPLE_SLICE_BYTES];
        long step = (raw.length - SAMPLE_SLICE_BYTES) / (SAMPLE_SLICES - 1);
        for (int i = 0; i < SAMPLE_SLICES; i++) System.arraycopy(raw, (int) (i * step), sample, i * SAMPLE_SLICE_BYTES, SAMPLE_SLICE_BYTES);
        return sample;
    }

    /**
     * This codec resolved for a container that cannot hold DEFLATE (a {@code .wgr} file) and a
     * payload of {@code length} bytes, so that the payload is compressed once: FAST becomes what it
     * stores there, NONE below {@link #FAST_MIN_BYTES}, XZ (preset 9: the payload is small) where it
     * would deflate, and itself above (without a deadline it stores xz at preset 0 or the raw
     * bytes, never DEFLATE). Other codecs but DEFLATE, which is refused, are themselves.
     */
    Codec withoutDeflate(int length) {
        if (this == DEFLATE) throw new IllegalArgumentException("this container holds none, zstd or xz, not " + this);
        if (this != FAST || length >= FAST_DEFLATE_BELOW) return this;
        return length < FAST_MIN_BYTES ? NONE : XZ;
    }

    /** FAST's choice, on {@code clock} (System.nanoTime but in tests). */
    static Packed fast(byte[] raw, long deadline, LongSupplier clock) {
        return fast(raw, deadline, clock, false);
    }

    /** {@link #fast(byte[], long, LongSupplier)}, its xz stored as {@link #LZMA2} with {@code rawLzma2}. */
    static Packed fast(byte[] raw, long deadline, LongSupplier clock, boolean rawLzma2) {
        if (raw.length < FAST_MIN_BYTES) return new Packed(NONE, raw);
        Packed p = raw.length < FAST_DEFLATE_BELOW || passed(deadline, clock) ? null
                : new Packed(rawLzma2 ? LZMA2 : XZ, xz(raw, FAST_XZ_PRESET, deadline, clock, rawLzma2));
        // Past the deadline zlib still runs to the end (the floor of FAST, see its Javadoc).
        if (p == null || p.bytes() == null) p = new Packed(DEFLATE, deflate(raw));
        return p.bytes().length < raw.length ? p : new Packed(NONE, raw);
    }

    public byte[] compress(byte[] raw) {
        return switch (this) {
            case NONE -> raw;
            case ZSTD -> ZstdSupport.compress(raw);
            case XZ -> xz(raw, BEST_XZ_PRESET, NO_DEADLINE, System::nanoTime, false);
            case LZMA2 -> xz(raw, BEST_XZ_PRESET, NO_DEADLINE, System::nanoTime, true);
            case DEFLATE -> deflate(raw);
            case BEST, FAST -> throw new IllegalStateException("resolve " + this + " before compressing");
            case ZSTD_DICT -> throw new IllegalStateException("ZSTD_DICT needs a dictionary: compressWithDictionary");
        };
    }

    /** zstd -19 of {@code raw} with {@code dictionary} as raw-content dictionary (the frame of {@link #ZSTD_DICT}). */
    public static byte[] compressWithDictionary(byte[] raw, byte[] dictionary) {
        return ZstdSupport.compress(raw, dictionary);
    }

    /**
     * Decodes the zstd frame {@code stored[from..]} of a {@link #ZSTD_DICT} payload, which must
     * declare {@code rawLength} as its content size, with {@code dictionary} to exactly those
     * bytes, through the same growing buffer as {@link #decompress}: a length that the header and
     * the frame both declare but the frame does not fill (damage may declare 2 GiB) allocates
     * nothing. Anything else is a {@link FormatException} naming {@code section}.
     */
    public static byte[] decompressWithDictionary(byte[] stored, int from, int rawLength, byte[] dictionary, String section) throws FormatException {
        ByteArrayInputStream storedIn = new ByteArrayInputStream(stored, from, stored.length - from);
        try {
            // zstd-jni throws on a header it cannot parse (a damaged magic): inside the try, so it is corruption too
            if (!ZstdSupport.declares(stored, from, rawLength)) {
                throw new FormatException("corrupted " + section + ": its zstd frame does not declare the section's " + rawLength + " bytes");
            }
            try (InputStream in = ZstdSupport.input(storedIn, dictionary)) {
                return readExactly(in, storedIn, rawLength, stored.length - from, section);
            }
        } catch (FormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new FormatException("corrupted " + section + ": zstd data is damaged (" + e.getMessage() + ")", e);
        }
    }

    /** The deadline of {@link #pack(byte[])}: none (never compared with the clock, which may be negative). */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    private static boolean passed(long deadline, LongSupplier clock) {
        return deadline != NO_DEADLINE && clock.getAsLong() - deadline >= 0;
    }

    /** Bytes FAST compresses between two looks at the clock. */
    private static final int FAST_SLICE_BYTES = 64 << 10;

    /**
     * xz of {@code raw} at {@code preset} ({@link #LARGE_XZ}: preset 9's coder, bounded search), in the xz
     * container or ({@code rawLzma2}) as {@link #LZMA2}; with a deadline ({@code NO_DEADLINE} for none) it writes
     * in slices and returns null as soon as its pace so far says it would not finish in time (so
     * the time it used is not all lost to a slower fallback).
     */
    private static byte[] xz(byte[] raw, int preset, long deadline, LongSupplier clock, boolean rawLzma2) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream(Math.max(64, raw.length / 4));
        try {
            try (OutputStream xz = preset == LARGE_XZ ? XzSupport.outputLarge(bos, raw.length, rawLzma2)
                    : preset == BYTE_CODED_XZ ? XzSupport.outputByteCoded(bos, raw.length, rawLzma2) : XzSupport.output(bos, preset, raw.length, rawLzma2)) {
                if (deadline == NO_DEADLINE) {
                    xz.write(raw);
                } else {
                    // The pace is judged from two slices on, timed from after the encoder's set-up.
                    long start = clock.getAsLong();
                    for (int off = 0; off < raw.length; off += FAST_SLICE_BYTES) {
                        if (off >= 2 * FAST_SLICE_BYTES ? late(start, off, raw.length, deadline, clock) : passed(deadline, clock)) return null;
                        xz.write(raw, off, Math.min(FAST_SLICE_BYTES, raw.length - off));
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("in-memory compression failed", e);
        }
        return bos.toByteArray();
    }

    /** Whether a codec that took since {@code start} for {@code done} of {@code total} bytes would end after {@code deadline}. */
    private static boolean late(long start, int done, int total, long deadline, LongSupplier clock) {
        long now = clock.getAsLong();
        long projectedEnd = now + (long) ((double) (now - start) * (total - done) / done);
        return now - deadline >= 0 || projectedEnd - deadline > 0;
    }

    /** zlib of {@code raw} at level 1, fed in slices. */
    private static byte[] deflate(byte[] raw) {
        Deflating kept = DEFLATING.get();
        Deflater deflater = kept.deflater;
        byte[] buf = kept.buffer;
        deflater.reset(); // a new deflater's state, level and strategy kept: the same stream
        ByteArrayOutputStream bos = new ByteArrayOutputStream(Math.max(64, raw.length / 4));
        for (int off = 0; off < raw.length; off += FAST_SLICE_BYTES) {
            deflater.setInput(raw, off, Math.min(FAST_SLICE_BYTES, raw.length - off));
            while (!deflater.needsInput()) bos.write(buf, 0, deflater.deflate(buf));
        }
        deflater.finish();
        while (!deflater.finished()) bos.write(buf, 0, deflater.deflate(buf));
        return bos.toByteArray();
    }

    /**
     * Per compressing thread, a level-1 deflater and its output buffer, reset for each payload:
     * FAST deflates every payload under {@link #FAST_DEFLATE_BELOW} bytes, and a new deflater and
     * 64 KiB buffer for each were a twentieth of the recorder's writer's garbage and its zlib set-up
     * (docs/results/overhead-profile.md, "Session 51"). Its native state goes with the thread.
     */
    private static final ThreadLocal<Deflating> DEFLATING = ThreadLocal.withInitial(Deflating::new);

    private static final class Deflating {
        final Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        final byte[] buffer = new byte[FAST_SLICE_BYTES];
    }

    /**
     * Decompresses exactly {@code rawLength} bytes; anything else is a {@link FormatException}.
     * The output buffer grows with what the data really decompresses to, so a declared length,
     * however large, cannot make us allocate memory the data does not fill.
     */
    public byte[] decompress(byte[] stored, int rawLength, String section) throws FormatException {
        if (this == NONE) {
            if (stored.length != rawLength) throw new FormatException("corrupted " + section + ": length mismatch");
            return stored;
        }
        if (this == BEST || this == FAST) throw new FormatException("codec " + this + " cannot decompress");
        if (this == ZSTD_DICT) throw new FormatException("corrupted " + section + ": a zstd frame with a dictionary where none can be");
        ByteArrayInputStream storedIn = new ByteArrayInputStream(stored);
        try (InputStream in = input(storedIn, rawLength)) {
            return readExactly(in, storedIn, rawLength, stored.length, section);
        } catch (FormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new FormatException("corrupted " + section + ": " + name().toLowerCase(java.util.Locale.ROOT) + " data is damaged (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Reads exactly {@code rawLength} bytes from decoder {@code in} of the {@code storedLength}
     * bytes {@code storedIn}, in a buffer that grows with what the data really decodes to.
     */
    private static byte[] readExactly(InputStream in, ByteArrayInputStream storedIn, int rawLength, int storedLength, String section) throws IOException {
        byte[] out = new byte[Math.min(rawLength, Math.max(1 << 16, storedLength * 4))];
        int off = 0;
        while (off < rawLength) {
            if (off == out.length) out = Arrays.copyOf(out, (int) Math.min(rawLength, out.length * 2L));
            int n = in.read(out, off, out.length - off);
            if (n < 0) throw new FormatException("corrupted " + section + ": data ends after " + off + " of " + rawLength + " bytes");
            off += n;
        }
        if (in.read() >= 0 || in instanceof ZlibInput z && z.bytesAfterTheEnd(storedIn) > 0 || in instanceof RawLzma2Input && storedIn.available() > 0) {
            throw new FormatException("corrupted " + section + ": data is longer than declared");
        }
        return out;
    }

    private InputStream input(InputStream stored, int rawLength) throws IOException {
        return switch (this) {
            case ZSTD -> ZstdSupport.input(stored);
            case XZ -> XzSupport.input(stored);
            case LZMA2 -> new RawLzma2Input(stored, rawLength);
            case DEFLATE -> new ZlibInput(stored);
            case NONE, BEST, FAST, ZSTD_DICT -> throw new IllegalStateException(this + " has no decoder stream");
        };
    }

    /**
     * The decoder of an {@link #LZMA2} payload: our header read and checked (its version, a dictionary
     * no larger than any writer of ours uses), then the bare LZMA2 stream. It ends at LZMA2's end
     * marker, so stored bytes after it are left in the source (and refused as data longer than declared).
     */
    private static final class RawLzma2Input extends java.io.FilterInputStream {
        RawLzma2Input(InputStream stored, int rawLength) throws IOException {
            super(null);
            int version = stored.read();
            int dictionary = stored.read();
            if (version != XzSupport.RAW_HEADER_VERSION) throw new IOException("its raw LZMA2 header has version " + version + " (this build reads " + XzSupport.RAW_HEADER_VERSION + ")");
            if (dictionary < 0 || dictionary > XzSupport.MAX_DICTIONARY_BYTE) throw new IOException("its raw LZMA2 header names dictionary " + dictionary);
            in = XzSupport.rawInput(stored, dictionary, rawLength);
        }
    }

    /** zlib input that can tell whether stored bytes follow the end of the stream (xz and zstd refuse those themselves). */
    private static final class ZlibInput extends InflaterInputStream {
        ZlibInput(InputStream in) {
            super(in);
        }

        int bytesAfterTheEnd(ByteArrayInputStream source) {
            return inf.getRemaining() + source.available();
        }
    }
}
