package dev.wholetrace.recorder;

/**
 * The recording handle that drops blocks: of a thread in a mode that keeps no control string
 * (DOR), and the shared handle of no recording ({@link ThreadRecorder#notRecording}). Its other
 * event methods are {@link ThreadRecorder}'s.
 *
 * <p>A subclass rather than a flag that {@link ThreadRecorder#block} tests: the JVM loads this
 * class only when one is made (the first DOR thread, or the first probe that finds no recording,
 * usually after close), so while COR, CDR and ALL record, {@code block} has no override and the
 * JIT inlines it at every probe without a type check, and the flag's load and branch (with its
 * deoptimization point) are gone from every block of every compiled instrumented method. Nothing
 * outside this class names it as a type (its factories return {@link ThreadRecorder}), so that
 * the verifier does not load it early.
 */
final class BlockDroppingRecorder extends ThreadRecorder {
    /** The handle of no recording, made when this class is loaded: at its first use. */
    static final ThreadRecorder NOT_RECORDING = new BlockDroppingRecorder();

    private BlockDroppingRecorder() {
        super();
    }

    private BlockDroppingRecorder(TraceRecorder recorder, int index, long object, int firstCapacity, Thread owner) {
        super(recorder, index, object, firstCapacity, owner);
    }

    /** A thread's handle in a mode that keeps no blocks (see {@link ThreadRecorder}'s constructor). */
    static ThreadRecorder create(TraceRecorder recorder, int index, long object, int firstCapacity, Thread owner) {
        return new BlockDroppingRecorder(recorder, index, object, firstCapacity, owner);
    }

    /** Dropped: the mode keeps no blocks, or nothing is recorded. */
    @Override
    public void block(int id) {}

    /** Dropped, as its blocks would be. */
    @Override
    public void loopRun(int cycle, int count) {}
}
