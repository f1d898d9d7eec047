package dev.wholetrace.model.event;

/**
 * A recorded thread. {@code index} is its number in the trace (dense, in order of first event);
 * {@code object} the id its fork/join and begin/end operations synchronize on.
 */
public record ThreadInfo(int index, String name, long object, boolean virtual) {
    /** The name to show a user: the thread's name, or what it is when it has none (virtual threads usually have none). */
    public String label() {
        if (name != null && !name.isBlank()) return name;
        return virtual ? "unnamed virtual thread" : "unnamed thread";
    }
}
