package dev.wholetrace.model.strata;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.grammar.PathDictionary;
import dev.wholetrace.model.util.SequenceHash;

/**
 * The grammar over layer 0's runs in the recorder, fed <em>words</em> of runs rather than single
 * runs, as the control encoder feeds SEQUITUR paths of blocks rather than blocks: consecutive run
 * ids are collected into a word, cut where an id is not above the previous one (the stream
 * returns to strata met earlier: ids are given in the order runs are first met) once the word
 * holds {@value #MIN_WORD}, and at {@value #MAX_WORD}; each word is interned in a dictionary and
 * appended to the grammar as one terminal. At {@link #toGrammar} the words become rules of the
 * grammar ({@link PathDictionary#unfold}: spliced in where used once), so the result is an
 * ordinary grammar over the run ids that expands to exactly the ids appended.
 *
 * <p>Why: SEQUITUR over layer 0's runs was the largest part of the STRATA compressor's steady
 * state on Water: the recorder's compressor replayed in process took 9.9 against 17.8 ns an event
 * with the runs appended to a plain list instead, 642 K runs in 17.8 M events, and a plain list
 * costs more again in the writer, which range-codes every symbol of it; with words, 11.0, and the
 * compressor threads of a recorded Water took 0.79 of what they took before (docs/results/strata.md,
 * session 48). A word costs a store and a hash step per run and one dictionary probe; SEQUITUR then sees
 * a fraction of the runs. The grammar differs from SEQUITUR's over the runs themselves (the words
 * are rules of their own), not the runs; the rewrite of a finished recording rebuilds it with
 * SEQUITUR before its layer search (format's TraceRegrammarer), so rewritten files store what they
 * stored before. Not thread-safe; no allocation per run once the dictionary has grown.
 */
public final class RunWords implements GrammarBuilder {
    /** Ids a word holds before a return to an earlier id ends it: the control encoder's rule, with its 16 halved (runs are longer than blocks). */
    static final int MIN_WORD = 8;
    /** The longest word: bounds the distinct words irregular runs make. */
    static final int MAX_WORD = 64;
    private final GrammarBuilder grammar;
    private final PathDictionary words = new PathDictionary();
    private final int[] word = new int[MAX_WORD];
    private int length;
    private long hash = SequenceHash.SEED;
    private int last = -1;
    private long appended;

    /** @param grammar the (empty) builder that takes the words */
    public RunWords(GrammarBuilder grammar) {
        if (grammar.length() != 0) throw new IllegalArgumentException("a run grammar is not empty");
        this.grammar = grammar;
    }

    @Override
    public void append(int id) {
        if (id < 0 || PathDictionary.isPath(id)) throw new IllegalArgumentException("run id " + id + " out of range");
        if (length == MAX_WORD || length >= MIN_WORD && id <= last) endWord();
        last = id;
        word[length++] = id;
        hash = SequenceHash.step(hash, id);
        appended++;
    }

    /** The word so far goes to the grammar: itself when one id long, else its dictionary terminal. */
    private void endWord() {
        if (length == 0) return;
        grammar.append(length == 1 ? word[0] : PathDictionary.terminal(words.intern(word, length, hash)));
        length = 0;
        hash = SequenceHash.SEED;
    }

    @Override
    public long length() {
        return appended;
    }

    @Override
    public int ruleCount() {
        return grammar.ruleCount() + words.size();
    }

    @Override
    public long symbolCount() {
        return grammar.symbolCount() + words.symbolCount() + length;
    }

    @Override
    public long footprintBytes() {
        return grammar.footprintBytes() + wordBytes();
    }

    @Override
    public long peakFootprintBytes() {
        return grammar.peakFootprintBytes() + wordBytes();
    }

    /** The dictionary's pool and index, about: 4 bytes a word element, 16 a word. */
    private long wordBytes() {
        return 4L * words.symbolCount() + 16L * words.size() + 4L * MAX_WORD;
    }

    /** Everything appended as a grammar over the ids (the open word ends here; appends after it start a new one). */
    @Override
    public Grammar toGrammar() {
        endWord();
        return words.unfold(grammar.toGrammar());
    }

    /** Empties the builder for the next chunk, as the grammar's {@link GrammarBuilder#reset} does (false, changing nothing, if it cannot). */
    @Override
    public boolean reset() {
        if (!grammar.reset()) return false;
        words.clear();
        length = 0;
        hash = SequenceHash.SEED;
        last = -1;
        appended = 0;
        return true;
    }
}
