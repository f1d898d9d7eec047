package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.ewpp.CheckSymbols;

/**
 * The new symbols of an eWPP check stream (StreamKinds.CHECKS) in a SYMBOLS section, from format
 * version {@link TraceFormat#CHECK_DELTAS_SINCE} (docs/trace-format.md): varint m, then m ×
 * (varint tag, svarint Δhigh, svarint Δlow), where high and low are the value's upper and lower
 * 32 bits, each a difference to the previous symbol of the same tag in the list (from 0).
 *
 * <p>Why: a check symbol's value is a store number (CROSS: writer thread in the high half, its
 * store number in the low), a distance and a store instruction (BACK: k in the high half, d in
 * the low) or a position (EVICTED). New ones arrive in order of first use, so a loop reading the
 * next store instance adds symbols one apart; written raw (version 7) each is a fresh 6–8 byte
 * pattern the section codec cannot match, as differences they repeat.
 *
 * <p>From version {@link TraceFormat#CHECK_LOADS_SINCE} a group's head names its load (the
 * symbol's first half is {@code CheckSymbols.named(tag, load)}: (load + 1) above the tag's 8
 * bits, 0 for a bare symbol): m × (varint tag, svarint Δ(load + 1), svarint Δhigh, svarint Δlow),
 * the load's difference too taken to the previous symbol of the same tag.
 *
 * <p>From version {@link TraceFormat#CHECK_EXTRA_SINCE} the first half has an extra field above
 * bit {@link CheckSymbols#EXTRA_SHIFT} (a CROSS_AT head's writer thread, 0 elsewhere): m × (varint
 * tag, svarint Δ(load + 1), svarint Δextra, svarint Δhigh, svarint Δlow).
 */
final class CheckSymbolPairs {
    /** Tags above this are no check symbol's: a corrupt list, refused before it indexes the tables. */
    static final int MAX_TAG = 63;
    private static final long LOW = 0xFFFF_FFFFL;
    /** The tag's bits of a symbol's first half; above them (load + 1) of a head, from version 9. */
    private static final int TAG_BITS = CheckSymbols.TAG_BITS;
    private static final long TAG_MASK = (1L << TAG_BITS) - 1;

    private CheckSymbolPairs() {}

    /** Whether a file of {@code version} codes {@code kind}'s new symbols this way: the one rule the writer and the reader share. */
    static boolean codes(StreamKind kind, int version) {
        return kind == StreamKinds.CHECKS && version >= TraceFormat.CHECK_DELTAS_SINCE;
    }

    /** Whether a file of {@code version} has heads that name their load (a load field per symbol). */
    static boolean namesLoads(int version) {
        return version >= TraceFormat.CHECK_LOADS_SINCE;
    }

    /** Whether a file of {@code version} has the extra field in a symbol's first half. */
    static boolean hasExtra(int version) {
        return version >= TraceFormat.CHECK_EXTRA_SINCE;
    }

    static void write(VarIntWriter w, long[] pairs, int version) {
        boolean loads = namesLoads(version);
        boolean extras = hasExtra(version);
        long[] high = new long[MAX_TAG + 1];
        long[] low = new long[MAX_TAG + 1];
        long[] load = new long[MAX_TAG + 1];
        long[] extra = new long[MAX_TAG + 1];
        w.writeVarLong(pairs.length / 2);
        for (int i = 0; i < pairs.length; i += 2) {
            long first = pairs[i];
            long tag = first & TAG_MASK;
            long named = first >>> TAG_BITS & LOW;
            long x = CheckSymbols.extra(first);
            if (x != 0 && !extras) throw new IllegalArgumentException("a check symbol with an extra field in a version " + version + " file");
            if (x != 0 && tag != CheckSymbols.CROSS_AT) throw new IllegalArgumentException("an extra field on check symbol tag " + tag + ", which has none");
            if (first < 0 || tag > MAX_TAG) throw new IllegalArgumentException("check symbol tag " + tag + " out of range [0, " + MAX_TAG + "]");
            if (named != 0 && !loads) throw new IllegalArgumentException("a check symbol naming its load in a version " + version + " file");
            if (named > CheckSymbols.MAX_LOAD_FIELD) throw new IllegalArgumentException("check symbol load field " + named + " above 2^31");
            if (named != 0 && CheckSymbols.isBare(tag)) throw new IllegalArgumentException("check symbol tag " + tag + " never names a load");
            int t = (int) tag;
            long h = pairs[i + 1] >>> 32;
            long l = pairs[i + 1] & LOW;
            w.writeVarLong(t);
            if (loads) w.writeSignedVarLong(named - load[t]);
            if (extras) w.writeSignedVarLong(x - extra[t]);
            w.writeSignedVarLong(h - high[t]).writeSignedVarLong(l - low[t]);
            high[t] = h;
            low[t] = l;
            load[t] = named;
            extra[t] = x;
        }
    }

    static long[] read(VarIntReader in, String what, int version) throws FormatException {
        boolean loads = namesLoads(version);
        boolean extras = hasExtra(version);
        int n = in.readCount(what, in.remaining() / (3 + (loads ? 1 : 0) + (extras ? 1 : 0)));
        long[] high = new long[MAX_TAG + 1];
        long[] low = new long[MAX_TAG + 1];
        long[] load = new long[MAX_TAG + 1];
        long[] extra = new long[MAX_TAG + 1];
        long[] out = new long[2 * n];
        String tag = what + " tag"; // once: made per symbol it was a fifth of reading mp3d's alphabets
        for (int i = 0; i < out.length; i += 2) {
            int t = in.readCount(tag, MAX_TAG);
            if (loads) load[t] += in.readSignedVarLong(what);
            if (extras) extra[t] += in.readSignedVarLong(what);
            high[t] += in.readSignedVarLong(what);
            low[t] += in.readSignedVarLong(what);
            if (high[t] >>> 32 != 0 || low[t] >>> 32 != 0) throw in.corrupt(what + ": a difference leaves the 32-bit range of its half");
            // (load + 1) of an int id: above 2^31 it would read back as a negative id, 2^32 as a bare symbol.
            if (load[t] < 0 || load[t] > CheckSymbols.MAX_LOAD_FIELD) throw in.corrupt(what + ": a load field out of range");
            if (load[t] != 0 && CheckSymbols.isBare(t)) throw in.corrupt(what + ": a load field on tag " + t + ", which never names a load");
            if (extra[t] < 0 || extra[t] > CheckSymbols.MAX_EXTRA) throw in.corrupt(what + ": an extra field out of range");
            // Only CROSS_AT's writer is one: elsewhere the field would make one symbol several terminals.
            if (extra[t] != 0 && t != CheckSymbols.CROSS_AT) throw in.corrupt(what + ": an extra field on tag " + t + ", which has none");
            out[i] = extra[t] << CheckSymbols.EXTRA_SHIFT | load[t] << TAG_BITS | t;
            out[i + 1] = high[t] << 32 | low[t] & LOW;
        }
        return out;
    }
}
