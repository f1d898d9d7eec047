package dev.wholetrace.simulate.tx.correspond;

/**
 * A forward-only cursor over one thread's events in an execution's graph (Definition 5.4: the
 * thread's own events, no interleaving). {@link ComputeM} reads each event once through it, so a
 * cursor may stream from a file or a generator without holding the execution.
 */
public interface ThreadEvents {
    /** Moves to the next event; false at the thread's end. */
    boolean next();

    /** The current event's statement id. */
    int stmt();

    /** The current event's value (the array index an array reference used, else 0). */
    long value();

    /** The current event's instruction count. */
    int instructions();

    /** Threads the current (task_create) event started, in task order. */
    ThreadEvents[] children();

    /** A name of this thread for reports. */
    String name();
}
