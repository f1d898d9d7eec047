package dev.wholetrace.recorder;

import dev.wholetrace.model.event.StreamKind;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.grammar.GrammarAlgorithm;

/**
 * Which encoder compresses which stream kind: the recorder's half of registering a stream kind
 * (the other half is the descriptor in StreamKinds).
 */
final class StreamEncoders {
    private StreamEncoders() {}

    /** One encoder per stream kind the mode keeps, in registry order (a keyed kind after its key's). */
    static StreamEncoder[] forMode(TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars) {
        return forMode(mode, foldPaths, grammars, null, false, EwppCaps.UNBOUNDED, null);
    }

    /**
     * As above; {@code filter} is the eWPP's filtering phase (null: an empty one, made only for mode
     * EWPP's encoder, not for every thread of the other modes), {@code distance} its signature of older
     * instances, {@code caps} its memory bounds (mode EWPP); {@code strataStage} the worker's stage
     * that runs layer 0 (mode STRATA; null: layer 0 on the worker).
     */
    static StreamEncoder[] forMode(TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars, DependenceFilter filter, boolean distance, EwppCaps caps,
                                   StrataStage strataStage) {
        StreamEncoder[] out = new StreamEncoder[mode.kinds.size()];
        for (int i = 0; i < out.length; i++) out[i] = create(mode.kinds.get(i), mode, foldPaths, grammars, filter, distance, caps, strataStage, out);
        return out;
    }

    private static StreamEncoder create(StreamKind kind, TraceMode mode, boolean foldPaths, GrammarAlgorithm grammars, DependenceFilter filter,
                                        boolean distance, EwppCaps caps, StrataStage strataStage, StreamEncoder[] before) {
        if (kind == StreamKinds.CONTROL) return new ControlEncoder(mode.controlAccesses(), foldPaths, grammars);
        if (kind == StreamKinds.CHECKS) return new EwppEncoder(filter != null ? filter : DependenceFilter.empty(), distance, caps, grammars);
        if (kind == StreamKinds.DATA) return new DataEncoder(grammars);
        if (kind == StreamKinds.ADDRESSES) return new AddressEncoder((ControlEncoder) find(before, StreamKinds.CONTROL), grammars);
        if (kind == StreamKinds.STRATA) return new StrataEncoder(grammars, strataStage);
        throw new IllegalArgumentException("no encoder for stream kind " + kind);
    }

    private static StreamEncoder find(StreamEncoder[] encoders, StreamKind kind) {
        for (StreamEncoder e : encoders) if (e != null && e.kind == kind) return e;
        throw new IllegalStateException("stream kind " + kind + " must be encoded before the kinds it keys");
    }
}
