package dev.wholetrace.core.address;

import dev.wholetrace.core.grammar.Grammar;
import dev.wholetrace.core.grammar.GrammarExpander;
import dev.wholetrace.core.util.Alphabet;
import java.util.NoSuchElementException;

/** Exact inverse of {@link DiffRleEncoder}: streams the addresses back from the run grammar. */
public final class DiffRleDecoder {
    private final GrammarExpander runsLeft;
    private final Alphabet runs;
    private long address;
    private long diff;
    private long pending;

    public DiffRleDecoder(Grammar grammar, Alphabet runs) {
        this.runsLeft = grammar.expander();
        this.runs = runs;
    }

    public boolean hasNext() {
        return pending > 0 || runsLeft.hasNext();
    }

    public long nextLong() {
        if (pending == 0) {
            if (!runsLeft.hasNext()) throw new NoSuchElementException("address stream exhausted");
            int id = runsLeft.next();
            if (id >= runs.size()) throw new IllegalStateException("run id " + id + " outside the run alphabet");
            diff = runs.first(id);
            pending = runs.second(id);
        }
        pending--;
        address += diff;
        return address;
    }
}
