package dev.wholetrace.recorder;

import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.ewpp.DependenceFilter;
import dev.wholetrace.model.ewpp.EwppCaps;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.recorder.ewpp.CheckRoutine;
import dev.wholetrace.recorder.ewpp.CheckSink;

/**
 * The eWPP's check stream (StreamKinds.CHECKS, mode EWPP): runs the thread's {@link CheckRoutine}
 * over every load and store of a buffer, in program order, and appends the checks' signatures to
 * the stream's grammar. Addresses are used here and then dropped: the trace keeps none.
 */
final class EwppEncoder extends GrammarStreamEncoder implements CheckSink {
    private final CheckRoutine checks;
    /** The position of the next event in the thread's trace (TS of the paper). */
    private long position;
    /** The thread's sync operations so far: the segment of the next load (named by a CROSS_AT check). */
    private long segment;

    EwppEncoder(DependenceFilter filter, boolean distance, EwppCaps caps, GrammarAlgorithm grammars) {
        super(StreamKinds.CHECKS, grammars);
        this.checks = new CheckRoutine(filter, distance, caps);
    }

    @Override
    void consume(long[] buf, int length) {
        for (int i = 0; i < length; i += BufferLayout.longs(buf[i])) {
            long head = buf[i];
            switch (BufferLayout.tag(head)) {
                case BufferLayout.STORE -> checks.store((int) BufferLayout.id(head), buf[i + 1], position);
                case BufferLayout.LOAD -> checks.load((int) BufferLayout.id(head), buf[i + 1], position, this);
                case BufferLayout.XLOAD -> checks.crossLoad((int) BufferLayout.id(head), buf[i + 2], buf[i + 3], segment, this);
                case BufferLayout.SYNC -> segment++;
                case BufferLayout.RUN -> position += BufferLayout.runCount(buf, i) - 1; // that many blocks
                default -> { }
            }
            position++;
        }
    }

    @Override
    public void emit(long first, long value) {
        append(first, value);
    }
}
