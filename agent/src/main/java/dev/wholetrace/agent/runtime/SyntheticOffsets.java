package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.Addresses;

/**
 * The offsets the agent reserves in an object's address range for synchronization that has no
 * field of its own (docs/agent.md): volatile variables it records on the program's behalf. A real
 * field's address is (object id, slot × 8) with slots numbered from 0, and an array element's (array
 * id, index × element size), so every offset here lies above anything a field or an element reaches
 * but a {@code long[]} of 2^31 − 1 elements; they are the top 8-byte slots of the range, counted
 * down, plus one 2^32-wide band for map entries. One place, so that two models never share a slot
 * by accident; each user names its constant here.
 */
public final class SyntheticOffsets {
    /** The topmost 8-byte slot: the offsets below count down from it. */
    private static final long TOP = Addresses.MAX_OFFSET & ~7L;

    /** An element handed over through a JDK collection, exchanger or fork/join task (jdk/HandoverSink: the element's id). */
    public static final long ELEMENT = TOP;
    /** A thread's interrupt status (SyncInterrupts: the thread object's id). */
    public static final long INTERRUPT_STATUS = TOP - 8;
    /** A CountedCompleter's completion, modelled at the application's calls (SyncCompleters: the completer's id). */
    public static final long COMPLETION = TOP - 16;
    /** A CompletableFuture stage's completion (SyncStages: its action wrapper's id). */
    public static final long STAGE_DONE = TOP - 24;
    /** The fork of an Arrays.parallel* call's function (SyncParallelArrays: the wrapper's id). */
    public static final long PARALLEL_IN = TOP - 32;
    /** The join of an Arrays.parallel* call's function (SyncParallelArrays: the wrapper's id). */
    public static final long PARALLEL_OUT = TOP - 40;
    /** A fork/join pool's quiescence: its workers' task ends, helpQuiesce and awaitQuiescence (jdk/HandoverSink: the pool's id). */
    public static final long POOL_QUIESCENCE = TOP - 48;
    /** A CompletableFuture's own completion, recorded inside the JDK (jdk/HandoverSink: the future's id). */
    public static final long FUTURE_COMPLETED = TOP - 56;
    /** An AbstractQueuedSynchronizer's state, at a program subclass's calls of its accessors (SyncAtomics: the synchronizer's id). */
    public static final long SYNCHRONIZER_STATE = TOP - 64;
    /**
     * A CompletableFuture's stack of dependents, recorded inside the JDK (jdk/HandoverSink: the source
     * future's id): released where a dependent is pushed on it, acquired where a dependent that was
     * popped from it (or is run by its registering thread) fires.
     */
    public static final long FUTURE_STACK = TOP - 72;
    /**
     * The base of a concurrent map's entry addresses (jdk/HandoverSink: the map's id, this + the
     * key's hashCode as an unsigned 32-bit number): the band [2^33, 2^33 + 2^32), below every slot above.
     */
    public static final long KEY_BASE = 1L << 33;
    /**
     * The base of a concurrent map's node addresses (jdk/HandoverSink: the map's id, this + the key's
     * hashCode as an unsigned 32-bit number): released where the map creates a key's node, acquired
     * before it compares a key with a key it holds; the band [2^32, 2^33), below the entries' (the
     * map's id is a map's, whose fields sit far below).
     */
    public static final long KEY_NODE_BASE = 1L << 32;

    private SyntheticOffsets() {}
}
