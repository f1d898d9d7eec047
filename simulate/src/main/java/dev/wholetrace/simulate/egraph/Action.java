package dev.wholetrace.simulate.egraph;

import java.util.Locale;

/**
 * What a vertex does after its instructions' cycles: nothing, a call of a modelled method, or a
 * synchronization or communication between threads. The action happens at the vertex's end, so a
 * vertex is "cycles, then action"; each action's cost is {@code cost.jvm.NAME} in the machine model.
 */
public enum Action {
    NONE(Category.EXECUTION),
    /** A call of a method of the program (a subroutine, §3.2.2): its graph runs, then the successor. */
    CALL(Category.EXECUTION),
    /**
     * A call into code outside the graph (the JDK's streams, {@code forEach}, {@code compute*}) that is
     * handed a lambda of the program and calls it back: the lambda's graph runs {@link Vertex#trips}
     * times (a profile's count), then the successor. Costed as one call.
     */
    CALLBACK(Category.EXECUTION),
    MONITOR_ENTER(Category.SYNCHRONIZATION),
    MONITOR_EXIT(Category.SYNCHRONIZATION),
    LOCK(Category.SYNCHRONIZATION),
    UNLOCK(Category.SYNCHRONIZATION),
    /** CyclicBarrier.await, Phaser.arriveAndAwaitAdvance/awaitAdvance. */
    BARRIER(Category.SYNCHRONIZATION),
    LATCH_AWAIT(Category.SYNCHRONIZATION),
    LATCH_COUNT_DOWN(Category.SYNCHRONIZATION),
    /** Object.wait/notify: charged their cost only (see docs/egraph.md, "Not modelled"). */
    WAIT(Category.SYNCHRONIZATION),
    NOTIFY(Category.SYNCHRONIZATION),
    THREAD_START(Category.COMMUNICATION),
    THREAD_JOIN(Category.COMMUNICATION),
    QUEUE_PUT(Category.COMMUNICATION),
    QUEUE_TAKE(Category.COMMUNICATION),
    /** Executor submit/execute: the task runs as a thread of its own. */
    SUBMIT(Category.COMMUNICATION),
    /** Future.get/join: waits for the matching submitted task. */
    FUTURE_GET(Category.COMMUNICATION);

    /** Whether the vertex runs a program method's graph: a call or a callback. */
    public boolean calls() {
        return this == CALL || this == CALLBACK;
    }

    /** The paper's category of the vertex that ends with this action. */
    public final Category category;

    Action(Category category) {
        this.category = category;
    }

    /** The name in files: lower case, '-' for '_'. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The machine-model key of this action's cost. */
    public String costKey() {
        return "jvm." + label();
    }

    /** The action called {@code label}, or null. */
    public static Action byLabel(String label) {
        for (Action a : values()) if (a.label().equals(label)) return a;
        return null;
    }

    /** §3.1's categories. */
    public enum Category {
        EXECUTION, SYNCHRONIZATION, COMMUNICATION;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
