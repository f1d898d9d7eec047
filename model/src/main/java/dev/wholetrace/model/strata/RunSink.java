package dev.wholetrace.model.strata;

/** Receives the [id, tripcount] runs a layer emits, in order: the next layer, or a collector at the top. */
public interface RunSink {
    /** {@code trip} consecutive executions of sequence {@code id} (1..{@link Runs#MAX_TRIP}). */
    void run(int id, long trip);

    /** The layer below has emitted its last run (the thread ended). */
    default void finish() {}
}
