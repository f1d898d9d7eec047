package dev.wholetrace.recorder;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads parked waiting for room in a {@link CompressorWorker}'s queue, for the worker to
 * wake. An array under this object's monitor, not a JDK concurrent collection: the agent's JDK
 * hooks record a {@code java.lang.Thread} put into a JDK queue as the program's hand-over (only
 * the agent's own classes are dropped as elements, docs/agent.md), and a sync event recorded from
 * inside the hand-over of a full buffer re-enters the thread's handle. Monitors in the agent's own
 * classes are never instrumented.
 */
final class ParkedThreads {
    private Thread[] threads = new Thread[4];
    /** Written under the monitor, read without it by the waking worker ({@link #isEmpty}). */
    private volatile int count;

    synchronized void add(Thread t) {
        if (count == threads.length) threads = Arrays.copyOf(threads, 2 * count);
        threads[count] = t;
        count = count + 1;
    }

    synchronized void remove(Thread t) {
        for (int i = 0; i < count; i++) {
            if (threads[i] == t) {
                threads[i] = threads[count - 1];
                threads[count - 1] = null;
                count = count - 1;
                return;
            }
        }
    }

    boolean isEmpty() {
        return count == 0;
    }

    synchronized void unparkAll() {
        for (int i = 0; i < count; i++) LockSupport.unpark(threads[i]);
    }
}
