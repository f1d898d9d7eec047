package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.PathDictionary;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The words of runs before the grammar ({@link RunWords}): the grammar expands to exactly the ids appended, whatever their
 * order (words cut at a return, at the longest word, or a word of one id), chunk after chunk through {@link RunWords#reset};
 * it names no word terminal; and it feeds the grammar fewer symbols than the ids where the stream repeats.
 */
class RunWordsTest {
    /** Ids as layer 0 gives them: new ids rise, loops return to earlier ones, irregular stretches, long ascents. */
    static int[] runs(SplittableRandom r, int n) {
        int[] out = new int[n];
        int next = 0;
        for (int i = 0; i < n; ) {
            switch (r.nextInt(4)) {
                case 0 -> { // a loop of a few runs, several times
                    int len = 1 + r.nextInt(12), from = next > 0 ? r.nextInt(next) : 0, times = 1 + r.nextInt(6);
                    for (int t = 0; t < times; t++) for (int k = 0; k < len && i < n; k++) out[i++] = from + k;
                    next = Math.max(next, from + len);
                }
                case 1 -> { for (int k = 1 + r.nextInt(100); k > 0 && i < n; k--) out[i++] = next++; } // new runs: an ascent past the longest word
                case 2 -> { if (next > 0) for (int k = r.nextInt(20); k > 0 && i < n; k--) out[i++] = r.nextInt(next); } // irregular
                default -> { if (i < n) out[i++] = next > 0 ? next - 1 : next++; } // one id again
            }
        }
        return out;
    }

    @Test
    void theGrammarExpandsToTheIdsChunkAfterChunk() {
        SplittableRandom r = new SplittableRandom(48);
        RunWords words = new RunWords(GrammarAlgorithm.SEQUITUR.newBuilder());
        for (int chunk = 0; chunk < 40; chunk++) {
            int[] ids = runs(r, r.nextInt(3) == 0 ? r.nextInt(3) : 1 + r.nextInt(5000));
            for (int id : ids) words.append(id);
            assertThat(words.length()).isEqualTo(ids.length);
            Grammar g = words.toGrammar();
            assertThat(g.expand()).as("chunk %d", chunk).isEqualTo(ids);
            for (int k = 0; k < g.ruleCount(); k++) {
                for (int i = 0; i < g.bodyLength(k); i++) assertThat(PathDictionary.isPath(g.symbol(k, i))).isFalse();
            }
            assertThat(words.reset()).isTrue();
            assertThat(words.length()).isZero();
        }
    }

    /** A stream of loops: the grammar below takes a word where it took a run, and what is stored stays as small as SEQUITUR's over the runs. */
    @Test
    void loopsReachTheGrammarAsWords() {
        int[] ids = new int[60_000];
        for (int i = 0; i < ids.length; i++) ids[i] = i % 10 < 9 ? i % 10 : 20 + (i / 10) % 3; // a loop of nine runs and one of three exits
        CountingBuilder below = new CountingBuilder();
        RunWords words = new RunWords(below);
        for (int id : ids) words.append(id);
        Grammar g = words.toGrammar();
        assertThat(g.expand()).isEqualTo(ids);
        assertThat(below.appended).isLessThanOrEqualTo(ids.length / RunWords.MIN_WORD + 1);
        assertThat(g.symbolCount()).as("SEQUITUR over the runs stores %d", sequitur(ids).symbolCount()).isLessThan(200);
    }

    @Test
    void idsOutsideTheRunAlphabetAreRefused() {
        RunWords words = new RunWords(GrammarAlgorithm.SEQUITUR.newBuilder());
        assertThatThrownBy(() -> words.append(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> words.append(PathDictionary.BASE)).isInstanceOf(IllegalArgumentException.class);
        var used = GrammarAlgorithm.SEQUITUR.newBuilder();
        used.append(1);
        assertThatThrownBy(() -> new RunWords(used)).isInstanceOf(IllegalArgumentException.class);
    }

    static Grammar sequitur(int[] ids) {
        var b = GrammarAlgorithm.SEQUITUR.newBuilder();
        for (int id : ids) b.append(id);
        return b.toGrammar();
    }

    /** SEQUITUR, counting the symbols it is given. */
    static final class CountingBuilder implements dev.wholetrace.model.grammar.GrammarBuilder {
        final dev.wholetrace.model.grammar.GrammarBuilder inner = GrammarAlgorithm.SEQUITUR.newBuilder();
        long appended;

        @Override
        public void append(int terminal) {
            appended++;
            inner.append(terminal);
        }

        @Override
        public long length() {
            return inner.length();
        }

        @Override
        public int ruleCount() {
            return inner.ruleCount();
        }

        @Override
        public long symbolCount() {
            return inner.symbolCount();
        }

        @Override
        public long footprintBytes() {
            return inner.footprintBytes();
        }

        @Override
        public long peakFootprintBytes() {
            return inner.peakFootprintBytes();
        }

        @Override
        public Grammar toGrammar() {
            return inner.toGrammar();
        }
    }
}
