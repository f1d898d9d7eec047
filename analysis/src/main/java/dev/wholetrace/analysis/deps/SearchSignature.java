package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.util.Alphabet;
import java.util.function.IntSupplier;

/**
 * Reads one binary-search signature (§3.2: B0/B1 steps closed by END) and replays the check
 * routine's search over a store's instances {@code [lo, hi]}: the index of the instance the load
 * read. Both recoveries use it, the full one ({@link EwppRecovery}) and the per-query one
 * ({@link EwppQuery}); they differ only in how they turn the index into a position.
 */
final class SearchSignature {
    private SearchSignature() {}

    /**
     * @param next      the check stream's next symbol, one per step
     * @param counts    the recovery's counters; {@code counts[7]} gains one per step read
     * @param position  the load's event position, for errors
     */
    static long instance(long lo, long hi, IntSupplier next, Alphabet alphabet, long[] counts, long position) {
        while (true) {
            if (lo > hi) throw new IllegalStateException("a binary search signature at " + position + " runs past its buffer");
            long mid = (lo + hi) >>> 1; // CheckSymbols.mid, in longs
            counts[7]++;
            int step = CheckSymbols.tag(alphabet.first(next.getAsInt()));
            if (step == CheckSymbols.END) return mid;
            if (step == CheckSymbols.B0) hi = mid - 1;
            else if (step == CheckSymbols.B1) lo = mid + 1;
            else throw new IllegalStateException("symbol tag " + step + " inside a binary search signature at " + position);
        }
    }
}
