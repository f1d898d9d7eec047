package dev.wholetrace.model.event;

/**
 * The synchronization operations a trace records (docs/trace-model.md). Each kind has a
 * happens-before role on its object: a {@link Role#RELEASE} publishes everything its thread did
 * before, an {@link Role#ACQUIRE} receives what earlier releases of the same object published, and
 * a {@link Role#BARRIER} episode orders every participant's past before every participant's future.
 * The order of these operations across threads is the trace's sync order (S_synch).
 */
public enum SyncKind {
    LOCK(Role.ACQUIRE, "lock"),
    UNLOCK(Role.RELEASE, "unlock"),
    BARRIER(Role.BARRIER, "barrier"),
    FORK(Role.RELEASE, "fork"),
    JOIN(Role.ACQUIRE, "join"),
    THREAD_BEGIN(Role.ACQUIRE, "begin"),
    THREAD_END(Role.RELEASE, "end"),
    VOLATILE_WRITE(Role.RELEASE, "volatile-write"),
    VOLATILE_READ(Role.ACQUIRE, "volatile-read"),
    LATCH_COUNT_DOWN(Role.RELEASE, "count-down"),
    LATCH_AWAIT(Role.ACQUIRE, "latch-await"),
    SEMAPHORE_RELEASE(Role.RELEASE, "sem-release"),
    SEMAPHORE_ACQUIRE(Role.ACQUIRE, "sem-acquire"),
    TASK_SUBMIT(Role.RELEASE, "submit"),
    TASK_BEGIN(Role.ACQUIRE, "task-begin"),
    TASK_END(Role.RELEASE, "task-end"),
    TASK_JOIN(Role.ACQUIRE, "task-join"),
    CLASS_INIT_END(Role.RELEASE, "clinit-end"),
    CLASS_INIT_USE(Role.ACQUIRE, "clinit-use");

    /** The aux of a {@link #LOCK} or {@link #UNLOCK} of a read-write lock in shared (read) mode: readers do not order each other. */
    public static final long LOCK_SHARED = 1;
    /** The aux of a {@link #LOCK} or {@link #UNLOCK} of a read-write lock in exclusive (write) mode. */
    public static final long LOCK_EXCLUSIVE = 2;

    /** How an operation orders memory across threads. */
    public enum Role { ACQUIRE, RELEASE, BARRIER }

    private static final SyncKind[] VALUES = values();

    public final Role role;
    /** The name used in text output and JSON. */
    public final String label;

    SyncKind(Role role, String label) {
        this.role = role;
        this.label = label;
    }

    /** The kind with this ordinal, or null when the ordinal is out of range (corrupt input). */
    public static SyncKind byOrdinal(int ordinal) {
        return ordinal >= 0 && ordinal < VALUES.length ? VALUES[ordinal] : null;
    }

    public static SyncKind byLabel(String label) {
        for (SyncKind k : VALUES) if (k.label.equals(label)) return k;
        return null;
    }
}
