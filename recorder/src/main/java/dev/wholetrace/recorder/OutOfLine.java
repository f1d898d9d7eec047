package dev.wholetrace.recorder;

import dev.wholetrace.model.grammar.GrammarBuilder;

/**
 * Calls that the JIT must not inline into the code that makes them: a rare slow path (a full
 * buffer's hand-over) reached from every compiled block probe, and SEQUITUR reached from the
 * compressors' per-event walk. Each method here only forwards one call.
 *
 * <p>Why a {@link Throwable} subclass: HotSpot's C2 inlines no method of a {@code Throwable}
 * subclass into a compiled method whose own class is not one ("exception method", in
 * {@code InlineTree::should_not_inline}, JDK 8 to 25), whatever the call's count. The agent
 * cannot set {@code -XX:CompileCommand=dontinline}, and {@code @DontInline} is honoured only in
 * the boot and platform loaders' classes. Without this, JDK 17's C2 inlines any call that ran
 * 100 times ({@code InlineFrequencyCount}, an absolute count): the buffer hand-over, run once a
 * buffer, was compiled into every C2-compiled probe site ({@code handOver}, the batch pool, the
 * compressor queue), and all of SEQUITUR into each of the five compiles of the compressors' walk,
 * ~115 KB of machine code each, about a quarter of C2's time on the Jackson driver
 * (docs/results/overhead-profile.md, sessions 50 and 51). A forwarding method compiled on its own
 * inlines its callee there, once.
 *
 * <p>Each call forwards twice, through a second method of this class: the rule holds only below a compile's root,
 * so where C2 compiles a caller on its own ({@code ThreadRecorder.block}, {@code ControlEncoder.endPath}) it inlines
 * the first method here, and the second one stops it. That caller's own code then stays small: a method already
 * compiled to more than {@code InlineSmallCode} (2,500 bytes of machine code) is inlined nowhere, and
 * {@code ThreadRecorder.block}, compiled alone with the whole hand-over in it, was called, not inlined, at every
 * probe C2 compiled after it (JDK 17, {@code -XX:+PrintInlining}: "already compiled into a big method"). Never
 * instantiated.
 */
final class OutOfLine extends Throwable {
    private static final long serialVersionUID = 1L;

    private OutOfLine() {
        throw new AssertionError("never made");
    }

    /** {@link ThreadRecorder#blockInNextBuffer}: the block probe's slow path. */
    static void blockInNextBuffer(ThreadRecorder recorder, int id) {
        blockInNextBufferHere(recorder, id);
    }

    private static void blockInNextBufferHere(ThreadRecorder recorder, int id) {
        recorder.blockInNextBuffer(id);
    }

    /** {@link ThreadRecorder#handOver}, for the event methods other than the block probe. */
    static int handOver(ThreadRecorder recorder) {
        return handOverHere(recorder);
    }

    private static int handOverHere(ThreadRecorder recorder) {
        return recorder.handOver();
    }

    /** {@link GrammarBuilder#append(int)}: one call per path, out of the walk over every event. */
    static void append(GrammarBuilder grammar, int terminal) {
        appendHere(grammar, terminal);
    }

    private static void appendHere(GrammarBuilder grammar, int terminal) {
        grammar.append(terminal);
    }
}
