package dev.wholetrace.recorder.ewpp;

/**
 * Marks a stretch of the recorder's own work on a program thread (the shared last-writer table
 * spilling to disk or probing its spill file) so that the agent's hooks in JDK classes ignore what
 * it runs into: file channels, temporary-file names and the locks behind them are not the
 * program's. The agent installs one (its JDK bridge's reentrancy flag); without an agent, nothing
 * is hooked and {@link #NONE} does.
 */
public interface OwnWorkGuard {
    /** Marks the calling thread; returns whether it was marked already (pass it to {@link #exit}). */
    boolean enter();

    void exit(boolean wasInside);

    OwnWorkGuard NONE = new OwnWorkGuard() {
        @Override
        public boolean enter() {
            return true;
        }

        @Override
        public void exit(boolean wasInside) { }
    };
}
