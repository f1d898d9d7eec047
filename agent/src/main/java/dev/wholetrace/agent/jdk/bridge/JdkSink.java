package dev.wholetrace.agent.jdk.bridge;

/**
 * Where the hooks inside JDK classes deliver hand-overs ({@link JdkBridge}). Implemented by the agent;
 * lives on the bootstrap class path with the bridge so that JDK classes can name it. Called with the
 * calling thread's reentrancy guard held: whatever the implementation does with JDK collections is
 * not seen by the hooks.
 *
 * <p>Every method gets the calling thread's state array first ({@code thread}): its element
 * {@code [1]} belongs to the sink, which keeps its own state of the thread there (null until it
 * does), so that a hook costs one per-thread lookup, the bridge's. Only the calling thread uses it.
 */
public interface JdkSink {
    /**
     * A hand-over of {@code element} by identity (queues, exchangers, copy-on-write lists):
     * {@code release} before the put side, otherwise an acquire after the take side.
     */
    void element(Object[] thread, boolean release, Object element, int site);

    /**
     * A hand-over through {@code map}'s entry for {@code key}: {@code release} before an update,
     * otherwise an acquire after a retrieval. {@code value} is the value stored or retrieved when the
     * hook knows it (null otherwise).
     */
    void key(Object[] thread, boolean release, Object map, Object key, Object value, int site);

    /**
     * {@link #key} where the map computed the key's hash itself ({@code hash}: ConcurrentHashMap's
     * {@code spread(key.hashCode())}, a local of the hooked method or a node's {@code hash}; a String's or
     * a boxed key's own hashCode instead, JDK code that spread would fold onto another key's): the entry's
     * address is taken from it, so the hashCode of the program's keys, program code, is not run again.
     */
    void keyHashed(Object[] thread, boolean release, Object map, Object key, int hash, Object value, int site);

    /**
     * A hand-over through {@code map}'s node for {@code key}: {@code release} before the map creates the
     * node (inserts the key), otherwise an acquire before the map compares a key with the keys of its
     * bin. Not the entry's: a later update of the key publishes a value, not the node a lookup reaches
     * before it reads that value. {@code hash} is the one the map computed for the key ({@link #keyHashed}).
     */
    void keyNode(Object[] thread, boolean release, Object map, Object key, int hash, int site);

    /** A monitor inside a JDK class (a synchronized wrapper's mutex): {@code enter} after it is taken, otherwise before it is let go. */
    void monitor(Object[] thread, boolean enter, Object monitor, int site);

    /**
     * A fork/join pool's quiescence: {@code release} where one of its workers finished a task,
     * otherwise an acquire where a thread found the pool quiescent (helpQuiesce, awaitQuiescence).
     */
    void quiescence(Object[] thread, boolean release, Object pool, int site);

    /** JDK code starts {@code child} (a pool's worker): a fork of it, before it starts. */
    void threadStart(Object[] thread, Thread child, int site);

    /** That JDK code's start of {@code child} threw {@code thrown}: the fork closed if the thread never ran. */
    void threadStartFailed(Object[] thread, Thread child, Throwable thrown, int site);

    /**
     * Inside Thread.start, under {@code child}'s monitor, after the check that it is new, right before its native
     * start: a fork of it, whoever starts it; the calling thread remembers the start until {@link #startEnded}.
     */
    void startingInStart(Object[] thread, Thread child, int site);

    /** That Thread.start's native start returned ({@code thrown} null), or the method threw {@code thrown}: the fork closed if it started nothing. */
    void startEnded(Object[] thread, Thread child, Throwable thrown, int site);

    /** A thread {@code flock} starts for the program (a StructuredTaskScope's subtask): a fork of it, before it starts. */
    void flockStart(Object[] thread, Object flock, Thread child, int site);

    /** {@code flock}'s start of {@code child} threw {@code thrown} after {@link #flockStart}: the fork closed if it started nothing. */
    void flockStartFailed(Object[] thread, Object flock, Thread child, Throwable thrown, int site);

    /** {@code flock} found every thread it started terminated: a join of each (once). */
    void flockJoined(Object[] thread, Object flock, int site);

    /**
     * CyclicBarrier.dowait read {@code generation}, the barrier's current one, under the barrier's lock: the episode
     * the calling thread's await belongs to (a generation is replaced only under that lock).
     */
    void barrierGeneration(Object[] thread, Object barrier, Object generation);

    /**
     * The calling virtual thread is about to park: no synchronization, but the moment to give back what
     * its recording holds beyond a small buffer (a parked thread may stay parked for long).
     */
    void parking(Object[] thread);

    /** A CompletableFuture's completion: {@code release} before it is completed, otherwise an acquire after its result was read. */
    void future(Object[] thread, boolean release, Object future, int site);

    /**
     * A CompletableFuture's stack of dependents: {@code release} before a dependent is pushed on it, otherwise an
     * acquire where a dependent of it fires.
     */
    void dependents(Object[] thread, boolean release, Object future, int site);
}
