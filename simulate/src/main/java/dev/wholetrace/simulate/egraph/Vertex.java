package dev.wholetrace.simulate.egraph;

import java.util.Arrays;

/**
 * A vertex of a method's execution graph: straight-line bytecode that runs in order (counted per
 * {@link OpClass}), then its {@link Action}, then one of its successors. Types (§3.1) follow from the
 * edges: START (the method's vertex 0), PASS, DECISION (several successors), MERGE (several
 * predecessors), FINAL (none: a return), CALL (action {@link Action#CALL}).
 *
 * <p>Mutable while a graph is built and optimized; the simulator only reads it.
 */
public final class Vertex {
    /** Bytecode index of the vertex's first instruction in execution order: the profile's key. */
    public int bci;
    /** Instructions per {@link OpClass} ordinal. */
    public long[] ops = new long[OpClass.count()];
    /**
     * Instructions per {@link OpClass} ordinal on the vertex's recurrence: the dependency chain from a
     * variable's value on entry to its value on exit, per iteration ({@link Recurrence}); each costs
     * {@code cycles.bc.chain.NAME} on top of its {@code cycles.bc.NAME}. Fractions are possible (a
     * chain through two variables spans two iterations).
     */
    public double[] chain = new double[OpClass.count()];
    /**
     * Bytecode index of the instruction that ends the vertex (its branch, call or action): the
     * identity of its decision in the simulator's random draws, kept by the optimizations, which
     * only join a vertex to the one before it.
     */
    public int end;
    /** The vertex's array accesses that walk an array in a loop ({@link Walk}); empty for most vertices. */
    public Walk[] walks = new Walk[0];
    /**
     * Threads that run this vertex's code (a profile's: the recorded threads that ran its block; 1
     * without one): threads running one loop nest split one data set, so a walk's data set is its
     * footprint times this ({@link Walk#dataSet}).
     */
    public int sharers = 1;
    public Action action = Action.NONE;
    /** Which lock, barrier, latch or queue: a field ("Owner.field"), else the site; null when none. */
    public String key;
    /** Methods called (CALL: the class-hierarchy targets) or run as a thread (THREAD_START, SUBMIT), as method indexes. */
    public int[] targets = new int[0];
    /** Relative weight of each call target (the receivers a recording saw); all 1 until a profile says otherwise. */
    public double[] targetWeights = new double[0];
    /** Successor vertex indexes in the same method; empty for FINAL. */
    public int[] next = new int[0];
    /** Relative weight of each successor (branch probabilities); all 1 until a profile says otherwise. */
    public double[] weights = new double[0];
    /** Loop control vertex (§3.2.1): the index into {@link #next} of the edge that stays in the loop, else -1. */
    public int loopStay = -1;
    /** Mean times the loop's stay edge is taken per entry (loop control vertices). */
    public double trips = 10;

    public Vertex(int bci) {
        this.bci = bci;
        this.end = bci;
    }

    void setTargets(int[] t) {
        targets = t;
        targetWeights = new double[t.length];
        Arrays.fill(targetWeights, 1);
    }

    /** Instructions clustered into this vertex. */
    public long instructions() {
        long n = 0;
        for (long c : ops) n += c;
        return n;
    }

    void setNext(int[] n) {
        next = n;
        weights = new double[n.length];
        Arrays.fill(weights, 1);
    }

    /** The vertex's type name with the merged forms (§3.1), from its predecessor count. */
    public String type(boolean start, int predecessors) {
        StringBuilder s = new StringBuilder();
        if (start) s.append("START");
        if (predecessors > 1) s.append(s.length() > 0 ? "-" : "").append("MERGE");
        if (action.calls()) s.append(s.length() > 0 ? "-" : "").append("CALL");
        if (next.length > 1) s.append(s.length() > 0 ? "-" : "").append("DECISION");
        if (next.length == 0) s.append(s.length() > 0 ? "-" : "").append("FINAL");
        if (s.length() == 0) s.append("PASS");
        return s.toString();
    }

    Vertex copy() {
        Vertex v = new Vertex(bci);
        v.ops = ops.clone();
        v.chain = chain.clone();
        v.walks = walks.clone();
        v.sharers = sharers;
        v.action = action;
        v.key = key;
        v.end = end;
        v.targets = targets.clone();
        v.targetWeights = targetWeights.clone();
        v.next = next.clone();
        v.weights = weights.clone();
        v.loopStay = loopStay;
        v.trips = trips;
        return v;
    }
}
