package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.util.Arrays;

/**
 * The address streams (StreamKinds.ADDRESSES): one Diff∘RLE∘SEQ encoder per load/store
 * instruction, keyed by the instruction's control symbol, which the control encoder (registered
 * before this one, so it has read the buffer first) assigned.
 */
final class AddressEncoder extends StreamEncoder {
    private final ControlEncoder keys;
    private DiffRleEncoder[] streams = new DiffRleEncoder[0];

    AddressEncoder(ControlEncoder keys, GrammarAlgorithm grammars) {
        super(StreamKinds.ADDRESSES, grammars);
        this.keys = keys;
    }

    @Override
    void consume(long[] buf, int length) {
        int access = 0;
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            int tag = BufferLayout.tag(buf[i]);
            if (tag == BufferLayout.LOAD || tag == BufferLayout.STORE) stream(keys.accessSymbol(access++)).append(buf[i + 1]);
        }
    }

    private DiffRleEncoder stream(int symbol) {
        if (symbol >= streams.length) streams = Arrays.copyOf(streams, Math.max(symbol + 1, streams.length * 2));
        DiffRleEncoder e = streams[symbol];
        if (e == null) streams[symbol] = e = new DiffRleEncoder(symbols, newGrammar());
        return e;
    }

    @Override
    StreamChunk cut() {
        int count = 0;
        for (DiffRleEncoder e : streams) if (e != null) count++;
        if (count == 0) return null;
        int[] instructions = new int[count];
        Grammar[] grammars = new Grammar[count];
        int k = 0;
        for (int s = 0; s < streams.length; s++) {
            DiffRleEncoder e = streams[s];
            if (e == null) continue;
            e.finish();
            instructions[k] = s;
            grammars[k++] = e.grammar().toGrammar();
        }
        Arrays.fill(streams, null);
        return new StreamChunk(kind, newSymbols(), instructions, grammars, null);
    }
}
