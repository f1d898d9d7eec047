package dev.wholetrace.simulate.tx.correspond;

import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.lang.Stmt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A generated execution graph of a structured program, streamed without being stored: a walk of the
 * program that decides each TCP's outcome (a conditional's branch, a TCP loop's 0–2 iterations) from
 * a hash of the statement and its instance number, flipped with probability {@code flip} by a seeded
 * random generator; non-TCP conditionals take their then branch and non-TCP loops run {@code iterations}
 * times. Two walks with different seeds and a small {@code flip} are two executions with divergent
 * regions at some TCP instances: {@code bench extrapolation} corresponds 10^8-event pairs of them to
 * show Compute_M's linear time and bounded memory. Allocation per event: none (frames are reused).
 */
public final class RandomWalkEvents implements ThreadEvents {
    private final TcpSets sets;
    private final long iterations;
    private final double flip;
    private final SplittableRandom rnd;
    private final long seed;
    private final String name;
    private final long[] reads;
    private final Map<Stmt.If, List<Stmt>> elseBlocks = new HashMap<>();
    private final long[] instance;
    private Frame[] stack = new Frame[16];
    private int depth;
    private Stmt current;
    private boolean ended;

    private static final class Frame {
        List<Stmt> stmts;
        int pos;
        Stmt.For loop;
        long remaining;
    }

    /** A walk of the main thread; {@code reads[0]} counts the events handed out by it and its task threads. */
    public RandomWalkEvents(TcpSets sets, long iterations, double flip, long seed, long[] reads) {
        this(sets, sets.program().body(), iterations, flip, seed, "thread 0", reads);
    }

    private RandomWalkEvents(TcpSets sets, List<Stmt> body, long iterations, double flip, long seed, String name, long[] reads) {
        this.sets = sets;
        this.iterations = iterations;
        this.flip = flip;
        this.seed = seed;
        this.rnd = new SplittableRandom(seed);
        this.name = name;
        this.reads = reads;
        this.instance = new long[sets.program().statements().size()];
        push(body, null, 0);
    }

    private void push(List<Stmt> stmts, Stmt.For loop, long remaining) {
        if (depth == stack.length) stack = java.util.Arrays.copyOf(stack, depth * 2);
        Frame f = stack[depth];
        if (f == null) stack[depth] = f = new Frame();
        f.stmts = stmts;
        f.pos = 0;
        f.loop = loop;
        f.remaining = remaining;
        depth++;
    }

    /** The outcome of TCP {@code s}'s current instance: a hash bit, flipped with probability flip. */
    private boolean decide(Stmt s) {
        long h = (s.id() * 0x9E3779B97F4A7C15L) ^ (instance[s.id()] * 0xC2B2AE3D27D4EB4FL);
        h ^= h >>> 31;
        boolean base = (h & 1) == 0;
        return flip > 0 && rnd.nextDouble() < flip ? !base : base;
    }

    @Override
    public boolean next() {
        if (ended) return false;
        while (depth > 0) {
            Frame f = stack[depth - 1];
            if (f.pos < f.stmts.size()) {
                Stmt s = f.stmts.get(f.pos++);
                instance[s.id()]++;
                boolean tcp = sets.tcp().get(s.id());
                if (s instanceof Stmt.If i) {
                    boolean then = !tcp || decide(s);
                    if (then) push(i.then, null, 0);
                    else {
                        List<Stmt> e = elseBlocks.computeIfAbsent(i, k -> {
                            List<Stmt> l = new ArrayList<>();
                            if (k.elseStmt != null) l.add(k.elseStmt);
                            l.addAll(k.otherwise);
                            return l;
                        });
                        if (!e.isEmpty()) push(e, null, 0);
                    }
                } else if (s instanceof Stmt.For loop) {
                    long k = tcp ? (decide(s) ? 1 : 2) : iterations;
                    if (k > 0) push(loop.body, loop, k);
                } else if (s instanceof Stmt.TaskCreate t) {
                    push(List.of(t.terminate), null, 0);
                }
                current = s;
                reads[0]++;
                return true;
            }
            depth--;
            if (f.loop != null) {
                instance[f.loop.id()]++;
                current = f.loop;
                if (f.remaining > 1) push(f.stmts, f.loop, f.remaining - 1);
                reads[0]++;
                return true;
            }
        }
        ended = true;
        return false;
    }

    @Override
    public int stmt() { return current.id(); }

    @Override
    public long value() { return 0; }

    @Override
    public int instructions() { return 1; }

    @Override
    public ThreadEvents[] children() {
        Stmt.TaskCreate t = (Stmt.TaskCreate) current;
        ThreadEvents[] out = new ThreadEvents[t.tasks.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new RandomWalkEvents(sets, t.tasks.get(i).body(), iterations, flip, seed * 31 + i + 1, name + "/" + i, reads);
        }
        return out;
    }

    @Override
    public String name() { return name; }
}
