package dev.wholetrace.agent.jdk;

import dev.wholetrace.agent.jdk.bridge.JdkSink;
import dev.wholetrace.agent.runtime.JdkHandoverProbes;
import dev.wholetrace.agent.runtime.SyntheticOffsets;

/**
 * Turns the JDK hooks' hand-overs into trace events (docs/agent.md, "Hand-overs inside the JDK").
 * An element hand-over is a volatile write/read of (the element's id, {@link #ELEMENT_OFFSET}): the
 * put of an object and the take that obtains that same object pair up, and nothing else does. A
 * map entry's is a volatile write/read of (the map's id, {@link #KEY_BASE} + the key's hash):
 * updates and retrievals of equal keys of one map pair up (keys of one map with equal hashes
 * share an address: a conservative approximation). A ConcurrentHashMap's hooks pass the hash the
 * map computed itself ({@code spread(key.hashCode())}; the bridge puts a String's or a boxed key's
 * own hashCode in its place, which spread would fold onto another's), so that no program code runs in
 * the agent (a key whose hashCode counts its calls, logs or throws behaves as without it);
 * ConcurrentSkipListMap computes none, and its hooks' keys are hashed here. Both offsets lie far above any field slot, so
 * they never meet a real volatile field's address.
 *
 * <p>Hand-overs of the agent's own objects (the recorder's batches in its queues, its thread
 * handles in its maps) are dropped before anything is recorded: they happen while the recorder is
 * in the middle of its own work. So are those of the JDK's internal objects ({@link #NOT_PROGRAM_DATA}).
 */
final class HandoverSink implements JdkSink {
    /** Offset of an element's hand-over address (runtime/SyntheticOffsets lists the reserved offsets). */
    static final long ELEMENT_OFFSET = SyntheticOffsets.ELEMENT;
    /** Offset of a fork/join pool's quiescence address. */
    static final long QUIESCENCE_OFFSET = SyntheticOffsets.POOL_QUIESCENCE;
    /** Offset of a CompletableFuture's completion address: released before its result is set, acquired where the JDK reads it to use it. */
    static final long FUTURE_OFFSET = SyntheticOffsets.FUTURE_COMPLETED;
    /** Offset of a CompletableFuture's stack of dependents: released where one is registered, acquired where one fires. */
    static final long STACK_OFFSET = SyntheticOffsets.FUTURE_STACK;
    /** Base offset of a map entry's address; the key's hash (32 bits) is added. */
    static final long KEY_BASE = SyntheticOffsets.KEY_BASE;
    /** Base offset of a map node's address (a key's insertion); the hash ConcurrentHashMap computed for the key is added. */
    static final long KEY_NODE_BASE = SyntheticOffsets.KEY_NODE_BASE;

    /**
     * Whether objects of a class are no data of the program: the agent's (or, unshaded in tests, the
     * recorder's), and the JDK's internal ones ({@code jdk.internal.*}, {@code sun.*}, {@code
     * java.lang.invoke.*}: the keys of its interning and linkage caches, which every thread that
     * first links a method handle or a call site fills or reads; as hand-overs they would order
     * threads around a first use and hide the program's races). Cached per class, no allocation
     * after the first.
     */
    private static final ClassValue<Boolean> NOT_PROGRAM_DATA = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            String n = c.getName();
            return n.startsWith("dev.wholetrace.agent.") || n.startsWith("dev.wholetrace.recorder.") || n.startsWith("jdk.internal.")
                    || n.startsWith("sun.") || n.startsWith("java.lang.invoke.");
        }
    };

    @Override
    public void element(Object[] thread, boolean release, Object element, int site) {
        if (notProgramData(element)) return;
        JdkHandoverProbes.volatileAccess(thread, element, ELEMENT_OFFSET, release, site);
    }

    @Override
    public void key(Object[] thread, boolean release, Object map, Object key, Object value, int site) {
        if (notProgramData(value) || notProgramData(key)) return;
        int hash;
        try {
            hash = key.hashCode(); // ConcurrentSkipListMap's hooks only: that map computes no hash to take (docs/agent.md)
        } catch (Throwable e) {
            return;
        }
        keyed(thread, release, map, hash, KEY_BASE, site);
    }

    @Override
    public void keyHashed(Object[] thread, boolean release, Object map, Object key, int hash, Object value, int site) {
        if (notProgramData(value) || notProgramData(key)) return;
        keyed(thread, release, map, hash, KEY_BASE, site);
    }

    @Override
    public void keyNode(Object[] thread, boolean release, Object map, Object key, int hash, int site) {
        if (notProgramData(key)) return;
        keyed(thread, release, map, hash, KEY_NODE_BASE, site);
    }

    /** A volatile access of (the map's id, {@code base} + {@code hash}). */
    private static void keyed(Object[] thread, boolean release, Object map, int hash, long base, int site) {
        JdkHandoverProbes.volatileAccess(thread, map, base + (hash & 0xFFFF_FFFFL), release, site);
    }

    @Override
    public void quiescence(Object[] thread, boolean release, Object pool, int site) {
        JdkHandoverProbes.volatileAccess(thread, pool, QUIESCENCE_OFFSET, release, site);
    }

    @Override
    public void future(Object[] thread, boolean release, Object future, int site) {
        JdkHandoverProbes.volatileAccess(thread, future, FUTURE_OFFSET, release, site);
    }

    @Override
    public void dependents(Object[] thread, boolean release, Object future, int site) {
        JdkHandoverProbes.volatileAccess(thread, future, STACK_OFFSET, release, site);
    }

    @Override
    public void flockStart(Object[] thread, Object flock, Thread child, int site) {
        JdkHandoverProbes.flockStart(thread, flock, child, site);
    }

    @Override
    public void threadStart(Object[] thread, Thread child, int site) {
        JdkHandoverProbes.threadStart(thread, child, site);
    }

    @Override
    public void threadStartFailed(Object[] thread, Thread child, Throwable thrown, int site) {
        JdkHandoverProbes.threadStartFailed(thread, child, thrown, site);
    }

    @Override
    public void startingInStart(Object[] thread, Thread child, int site) {
        JdkHandoverProbes.startingInStart(thread, child, site);
    }

    @Override
    public void startEnded(Object[] thread, Thread child, Throwable thrown, int site) {
        JdkHandoverProbes.startEnded(thread, child, thrown, site);
    }

    @Override
    public void flockStartFailed(Object[] thread, Object flock, Thread child, Throwable thrown, int site) {
        JdkHandoverProbes.flockStartFailed(thread, flock, child, thrown, site);
    }

    @Override
    public void flockJoined(Object[] thread, Object flock, int site) {
        JdkHandoverProbes.flockJoined(thread, flock, site);
    }

    @Override
    public void barrierGeneration(Object[] thread, Object barrier, Object generation) {
        JdkHandoverProbes.barrierGeneration(thread, barrier, generation);
    }

    @Override
    public void parking(Object[] thread) {
        JdkHandoverProbes.parking(thread);
    }

    @Override
    public void monitor(Object[] thread, boolean enter, Object monitor, int site) {
        JdkHandoverProbes.monitor(thread, monitor, enter, site);
    }

    /**
     * Whether {@code o} is no data of the program ({@link #NOT_PROGRAM_DATA}). Strings and the
     * boxes of {@code int} and {@code long}, the usual map keys and values, are program data
     * whoever holds them (final classes of java.lang, never the agent's or the JDK internals'), and
     * are answered by a class comparison: the class value's lookup was 4.5 % of the program threads'
     * samples on a Guava driver whose threads merge string keys and long counts into a
     * ConcurrentHashMap (overhead-profile.md, session 38).
     */
    private static boolean notProgramData(Object o) {
        if (o == null) return false;
        Class<?> c = o.getClass();
        return c != String.class && c != Long.class && c != Integer.class && NOT_PROGRAM_DATA.get(c);
    }
}
