package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;

/**
 * The new symbols of every stream kind but the eWPP's checks ({@link CheckSymbolPairs}) in a
 * SYMBOLS section, from format version {@link TraceFormat#SYMBOL_DELTAS_SINCE}
 * (docs/trace-format.md, "Streams"); older versions store a plain pair list (svarint, svarint).
 * <ul>
 *   <li>Tagged kinds (control, data, strata: pairs of (tag, value)): varint m, then m × (svarint
 *       tag, svarint Δhigh, svarint Δlow), where high is the value's upper 32 bits (signed) and
 *       low its lower 32 bits (unsigned), each the difference to the previous symbol of the same
 *       tag in the list (from 0; tags outside [0, 63] share one context).</li>
 *   <li>Address runs (pairs of (difference, run length)): varint m, then in columns m × svarint
 *       high, m × svarint low, m × svarint run length, the difference split as high · 2^32 + low
 *       with low the signed lower 32 bits (columns: the highs of a thread's runs repeat other
 *       threads' more often than whole entries do; SOR at 8 threads, xz -9 of the tables 964 →
 *       868 B against entries one after another).</li>
 * </ul>
 *
 * <p>Why: an address is (object id &lt;&lt; 32 | offset), so a run's difference is (objects apart,
 * bytes apart) and as one svarint takes 5–6 bytes whose pattern differs per thread (each thread
 * sweeps its own rows); split, both halves are small numbers that repeat across a thread's
 * streams and across threads, which the chunk's general-purpose stage (one pack for all threads)
 * then folds. Control symbols arrive in order of first use, so blocks and instructions a loop
 * meets have ids a few apart: as per-tag differences the workers' tables, which name the same
 * code, become the same bytes.
 */
final class SymbolPairDeltas {
    /** Contexts of the tagged coding: one per tag 0..63, one shared by every other tag. */
    private static final int OTHER = 64;
    private static final long LOW = 0xFFFF_FFFFL;

    private SymbolPairDeltas() {}

    /** Whether a file of {@code version} codes {@code kind}'s new symbols this way: the one rule the writer and the reader share. */
    static boolean codes(StreamKind kind, int version) {
        return version >= TraceFormat.SYMBOL_DELTAS_SINCE && kind != StreamKinds.CHECKS;
    }

    static void write(VarIntWriter w, StreamKind kind, long[] pairs) {
        w.writeVarLong(pairs.length / 2);
        if (kind == StreamKinds.ADDRESSES) {
            // (d - low) is a multiple of 2^32 modulo 2^64, so the reader's high · 2^32 + low wraps back to d.
            for (int i = 0; i < pairs.length; i += 2) w.writeSignedVarLong((pairs[i] - (int) pairs[i]) >> 32);
            for (int i = 0; i < pairs.length; i += 2) w.writeSignedVarLong((int) pairs[i]);
            for (int i = 1; i < pairs.length; i += 2) w.writeSignedVarLong(pairs[i]);
            return;
        }
        long[] high = new long[OTHER + 1];
        long[] low = new long[OTHER + 1];
        for (int i = 0; i < pairs.length; i += 2) {
            int c = context(pairs[i]);
            long h = pairs[i + 1] >> 32;
            long l = pairs[i + 1] & LOW;
            w.writeSignedVarLong(pairs[i]).writeSignedVarLong(h - high[c]).writeSignedVarLong(l - low[c]);
            high[c] = h;
            low[c] = l;
        }
    }

    static long[] read(VarIntReader in, StreamKind kind, String what) throws FormatException {
        int n = in.readCount(what, in.remaining() / 3);
        long[] out = new long[2 * n];
        if (kind == StreamKinds.ADDRESSES) {
            for (int i = 0; i < out.length; i += 2) out[i] = half(in, what) << 32;
            for (int i = 0; i < out.length; i += 2) out[i] += half(in, what);
            for (int i = 1; i < out.length; i += 2) out[i] = in.readSignedVarLong(what);
            return out;
        }
        long[] high = new long[OTHER + 1];
        long[] low = new long[OTHER + 1];
        for (int i = 0; i < out.length; i += 2) {
            long tag = in.readSignedVarLong(what);
            int c = context(tag);
            high[c] += in.readSignedVarLong(what);
            low[c] += in.readSignedVarLong(what);
            if (high[c] != (int) high[c] || low[c] >>> 32 != 0) throw in.corrupt(what + ": a difference leaves the 32-bit range of its half");
            out[i] = tag;
            out[i + 1] = high[c] << 32 | low[c];
        }
        return out;
    }

    private static long half(VarIntReader in, String what) throws FormatException {
        long h = in.readSignedVarLong(what);
        if (h != (int) h) throw in.corrupt(what + ": a run difference's half out of the 32-bit range");
        return h;
    }

    private static int context(long tag) {
        return tag >= 0 && tag < OTHER ? (int) tag : OTHER;
    }
}
