package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.strata.StrataStream;
import java.util.List;

/**
 * The packed size of one candidate of {@link StrataLayerChoice} (a chunk's strata streams with one
 * layer count), measured no more than a comparison needs. The best codec (xz -9 and zstd -19) is
 * the choice's cost: on Mp3d's chunks of about 500 KB of payload each pack took 2-9 s, and the
 * search packed every chunk four times, most of the 50-100 s the rewrite of its two chunks took
 * (docs/results/strata.md, sessions 44 and 45). Large candidates are therefore first packed with
 * {@link Codec#FAST} (xz preset 0, a fifth to a tenth of the time), and only those whose estimates
 * are close are packed with the codec itself; each size is computed once.
 */
final class CandidateSize {
    /**
     * Candidates whose payloads reach this many bytes are compared by estimate first. Below it the
     * best codec costs tens of milliseconds and the estimate helps nothing; FAST also stores
     * payloads under 512 bytes raw, which ranks nothing. Not 64 KiB, as first set: at ~90 KB
     * FAST / best of one and two layers of one stream differed by 19 %, beyond the margin (one
     * layer 29,620 against 33,988 B by FAST, 30,744 against 29,236 B by the best codec:
     * CandidateSizeTest), so the search stopped a layer early; the same streams at 270-540 KB
     * ranked alike. Mp3d's candidates, which the estimate is for, are 490-650 KB.
     */
    static final int ESTIMATE_FROM = 256 << 10;
    /**
     * An estimate smaller than the other's by more than this many percent decides the comparison.
     * FAST's size over the best codec's, on the only chunks of the five kernels' recordings that
     * reach {@link #ESTIMATE_FROM} (Mp3d's two), was 1.010-1.014 with no layer, where zstd -19
     * wins, and 1.094-1.120 with one to four layers, where xz -9 does (session 45): two candidates
     * of one chunk were at most 11 % apart in that ratio, so an estimate 12 % smaller was never
     * the larger pack. Wider margins cost Mp3d best-codec packs (its estimates of one against two
     * layers are 14 % and 17 % apart).
     */
    static final int ESTIMATE_MARGIN_PERCENT = 12;

    final List<StrataStream> streams;
    private final Codec codec;
    private final byte[] raw;
    private long estimate = -1;
    private long packed = -1;

    CandidateSize(List<StrataStream> streams, Codec codec) {
        this.streams = streams;
        this.codec = codec;
        VarIntWriter w = new VarIntWriter();
        for (StrataStream s : streams) StrataStreamCodec.write(s, w);
        this.raw = w.toByteArray();
    }

    /** Another candidate measured with this one's codec. */
    CandidateSize withStreams(List<StrataStream> other) {
        return new CandidateSize(other, codec);
    }

    /** The payloads packed with the codec (computed on the first call). */
    long packed() {
        if (packed < 0) packed = codec.pack(raw).bytes().length;
        return packed;
    }

    /** Whether the payloads were packed with the codec yet (tests: a comparison the estimate decided packs nothing). */
    boolean packedYet() {
        return packed >= 0;
    }

    /** The payloads' bytes before packing. */
    int rawBytes() {
        return raw.length;
    }

    private long estimate() {
        if (estimate < 0) estimate = Codec.FAST.pack(raw).bytes().length;
        return estimate;
    }

    /**
     * Whether this candidate packs smaller than {@code other}: by their estimates where both are
     * large and one is clearly smaller, else by packing both. Only with {@link Codec#BEST} (another
     * codec is the measure itself, and cheap or fixed).
     */
    boolean smallerThan(CandidateSize other) {
        if (codec == Codec.BEST && Math.max(raw.length, other.raw.length) >= ESTIMATE_FROM) {
            long a = estimate();
            long b = other.estimate();
            if (a * (100 + ESTIMATE_MARGIN_PERCENT) < b * 100) return true;
            if (b * (100 + ESTIMATE_MARGIN_PERCENT) < a * 100) return false;
        }
        return packed() < other.packed();
    }
}
