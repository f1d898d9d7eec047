package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.model.address.PredictiveDiffRleEncoder;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.util.Arrays;

/**
 * The address streams (StreamKinds.ADDRESSES): one Diff∘RLE∘SEQ encoder with a predictor stage
 * ({@link PredictiveDiffRleEncoder}: unpredictable differences go to the stream's exception list)
 * per load/store instruction, keyed by the instruction's control symbol, which the control encoder
 * (registered before this one, so it has read the buffer first) assigned.
 */
final class AddressEncoder extends StreamEncoder {
    private final ControlEncoder keys;
    private PredictiveDiffRleEncoder[] streams = new PredictiveDiffRleEncoder[0];
    private long exceptions; // held by the open chunk

    AddressEncoder(ControlEncoder keys, GrammarAlgorithm grammars) {
        super(StreamKinds.ADDRESSES, grammars);
        this.keys = keys;
    }

    @Override
    void consume(long[] buf, int length) {
        int access = 0;
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            int tag = BufferLayout.tag(buf[i]);
            if ((tag == BufferLayout.LOAD || tag == BufferLayout.STORE) && stream(keys.accessSymbol(access++)).append(buf[i + 1])) exceptions++;
        }
    }

    /** The exceptions the open chunk holds, a long each (the grammars' symbols are not counted, as before). */
    @Override
    long symbols() {
        return exceptions;
    }

    private PredictiveDiffRleEncoder stream(int symbol) {
        if (symbol >= streams.length) streams = Arrays.copyOf(streams, Math.max(symbol + 1, streams.length * 2));
        PredictiveDiffRleEncoder e = streams[symbol];
        if (e == null) streams[symbol] = e = new PredictiveDiffRleEncoder(symbols, newGrammar());
        return e;
    }

    @Override
    StreamChunk cut() {
        int count = 0;
        for (PredictiveDiffRleEncoder e : streams) if (e != null) count++;
        if (count == 0) return null;
        int[] instructions = new int[count];
        Grammar[] grammars = new Grammar[count];
        long[][] exceptions = new long[count][];
        int k = 0;
        for (int s = 0; s < streams.length; s++) {
            PredictiveDiffRleEncoder e = streams[s];
            if (e == null) continue;
            e.finish();
            instructions[k] = s;
            exceptions[k] = e.exceptions();
            grammars[k++] = e.grammar().toGrammar();
        }
        Arrays.fill(streams, null);
        this.exceptions = 0;
        return new StreamChunk(kind, newSymbols(), instructions, grammars, null, null, exceptions);
    }
}
