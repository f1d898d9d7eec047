package dev.wholetrace.reader;

import dev.wholetrace.format.wtrace.CheckCounts;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;

/**
 * One stretch of a thread's execution in compressed form: a WPP whose expansion is the stretch's
 * events, with the address stream of each load/store instruction it runs. A thread is a list of
 * these ({@link TraceView#grammars}); a fold walks each WPP's rules once and carries its state
 * (a segment number, say) from one to the next.
 */
public interface ThreadGrammar {
    /** The WPP: its terminals stand for events ({@link #type}, {@link #value}). */
    Grammar wpp();

    /** Terminals are 0..terminals()-1 (the thread's symbol table; a stretch uses some of them). */
    int terminals();

    /** The kind of event a terminal stands for. */
    Event.Type type(int terminal);

    /**
     * What a terminal stands for beside its kind: a block's id; a load/store's instruction id (its
     * address in DOR, which keeps no instructions); a sync operation's kind ordinal &lt;&lt; 32 | site.
     */
    long value(int terminal);

    /** Events in the stretch. */
    long eventCount();

    /** Sync operations in the stretch. */
    long syncCount();

    /** Address streams of the stretch (CDR and ALL; none in COR and DOR). */
    int addressStreams();

    /** The load/store terminal whose addresses stream k holds, one per occurrence in the WPP. */
    int addressStreamTerminal(int k);

    /** A decoder reading stream k from its start, run by run. */
    DiffRleDecoder addressStream(int k);

    /**
     * The stretch's grammar of another per-thread stream kind the mode keeps (the eWPP's
     * StreamKinds.CHECKS), or null if it has none; its terminals are ids in {@link #alphabet}.
     */
    default Grammar stream(StreamKind kind) {
        return null;
    }

    /**
     * The stored counts of the stretch's check grammar (StreamKinds.CHECKS of format 14 on: what
     * a full dependence count reads of it, without decoding it), or null if the file has none.
     */
    default CheckCounts checkCounts() {
        return null;
    }

    /** The thread's alphabet of {@code kind} as this stretch reads it (an alphabet per chunk is this chunk's). */
    default Alphabet alphabet(StreamKind kind) {
        throw new UnsupportedOperationException("no " + kind + " stream");
    }
}
