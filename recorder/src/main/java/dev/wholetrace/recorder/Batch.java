package dev.wholetrace.recorder;

/** A full (or final) per-thread buffer on its way to the thread's compressor. Pooled. */
final class Batch {
    final long[] data;
    int length;
    ThreadCompressor target;
    /** False once a thread other than the owner drained it: see ThreadRecorder#drain. */
    boolean recyclable = true;

    Batch(int capacity) {
        data = new long[capacity];
    }
}
