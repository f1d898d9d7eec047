package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * A block id's symbol in an encoder's trace-wide alphabet, through a cache in front of it: block
 * ids are dense, so one array read (id → symbol + 1, 0: not seen yet) replaces the alphabet's hash
 * probe (three reads of large arrays) on the compressor's most frequent event. Ids from
 * {@link #CACHED_BLOCK_IDS} on use the alphabet alone. Not thread-safe: one per encoder.
 */
final class BlockSymbols {
    /** Block ids below this have their symbol cached in an array (4 bytes each, grown as ids appear). */
    static final int CACHED_BLOCK_IDS = 1 << 22;

    private final Alphabet symbols;
    private int[] cache = new int[1024];

    /** A cache in front of {@code symbols}, which must not restart at cuts (a control alphabet). */
    BlockSymbols(Alphabet symbols) {
        this.symbols = symbols;
    }

    int of(long block) {
        int[] c = cache;
        if (block < c.length) {
            int s = c[(int) block];
            if (s != 0) return s - 1;
        } else if (block < CACHED_BLOCK_IDS) {
            cache = c = Arrays.copyOf(c, (int) Math.min(CACHED_BLOCK_IDS, Math.max(2L * c.length, block + 1)));
        } else {
            return symbols.idOf(SymbolTag.BLOCK, block);
        }
        int s = symbols.idOf(SymbolTag.BLOCK, block);
        c[(int) block] = s + 1;
        return s;
    }
}
