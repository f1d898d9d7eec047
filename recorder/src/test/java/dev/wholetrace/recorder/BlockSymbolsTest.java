package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.util.Alphabet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The block-symbol cache answers as the alphabet behind it, and costs a thread only the pages its ids use. */
class BlockSymbolsTest {
    @Test
    void answersAsTheAlphabetForIdsInAndBeyondTheCache() {
        Alphabet cached = new Alphabet();
        Alphabet plain = new Alphabet();
        BlockSymbols blocks = new BlockSymbols(cached);
        Random random = new Random(15);
        long[] ids = {0, 1, BlockSymbols.PAGE - 1, BlockSymbols.PAGE, 60_000, BlockSymbols.CACHED_BLOCK_IDS - 1,
                BlockSymbols.CACHED_BLOCK_IDS, BlockSymbols.CACHED_BLOCK_IDS + 5L, 1L << 40};
        for (int round = 0; round < 3; round++) {
            for (long id : ids) assertThat(blocks.of(id)).as("id %d", id).isEqualTo(plain.idOf(SymbolTag.BLOCK, id));
        }
        for (int i = 0; i < 100_000; i++) {
            long id = random.nextInt(4) == 0 ? random.nextInt(BlockSymbols.CACHED_BLOCK_IDS) : random.nextInt(5_000);
            assertThat(blocks.of(id)).isEqualTo(plain.idOf(SymbolTag.BLOCK, id));
        }
        assertThat(cached.size()).isEqualTo(plain.size());
    }

    /**
     * A short task in a large program runs a few blocks with large ids: the cache must cost it
     * about the pages they fall in, not 4 bytes per id below them (the flat array it replaced held
     * 240 KB here).
     */
    @Test
    void aFewLargeIdsCostAFewPages() {
        BlockSymbols blocks = new BlockSymbols(new Alphabet());
        for (int i = 0; i < 12; i++) blocks.of(60_000 + 3L * i);
        blocks.of(7);
        assertThat(blocks.cacheBytes()).isLessThan(4 * 1024);
    }
}
