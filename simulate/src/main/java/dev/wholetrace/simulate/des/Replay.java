package dev.wholetrace.simulate.des;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.simulate.egraph.Action;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.egraph.Walk;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The trace-driven predictor (issue 20, like Dimemas for MPI traces): a recording's threads are
 * replayed as they ran, not drawn from branch probabilities. Each recorded thread becomes a
 * straight-line graph — one vertex per synchronization it recorded, holding the instructions of the
 * blocks it ran since the previous one (counted as the execution graph counts them, so a block costs
 * what its vertices cost) — and the {@link Simulator} runs those graphs on the target machine:
 * its processors, time slices, sync costs, lock queues and barriers re-schedule them, while each
 * thread's work and its synchronization order on each object are the recorded ones.
 *
 * <p>Mapped: fork → {@code thread-start} of the forked thread's graph; join → {@code thread-join}
 * (the k-th join of a thread joins the k-th thread it started, as in the simulator); lock/unlock in
 * exclusive mode → {@code monitor-enter}/{@code monitor-exit} on the recorded object; barrier →
 * {@code barrier}; latch count-down/await → the latch actions. Shared (read) locks, volatile
 * accesses, semaphores, executor tasks and class initialisation cost only their blocks.
 * Calls cost their instructions but not {@code cost.jvm.call} (a recorded block sequence has no
 * call vertices).
 */
public final class Replay {
    private final ExecutionGraph costs;
    /** Code-map block id → the cost of the graph's vertices in that block (walks' footprints resolved, no loops); null when none. */
    private final Map<Integer, BlockCost> costOf = new HashMap<>();
    private int unmapped;

    /** @param costs the program's execution graph, whose vertices say what each block's instructions are */
    public Replay(ExecutionGraph costs) {
        this.costs = costs;
    }

    /** The replay graph of the recording {@code file} (COR, CDR or ALL: it needs block events). */
    public ExecutionGraph graphOf(Path file) throws IOException {
        TraceView trace = TraceView.open(file);
        if (!trace.mode().control) throw new IllegalArgumentException(file + ": a " + trace.mode() + " recording has no block events; record in COR, CDR or ALL mode for --replay");
        Profile.read(file).applyTo(costs); // the recorded trip counts make the walks' footprints
        List<Iterator<Event>> threads = new ArrayList<>();
        for (int t = 0; t < trace.threadCount(); t++) threads.add(trace.events(t));
        // the forked threads' begin events are needed before the forks: a first pass finds them
        Map<Long, Integer> begins = new HashMap<>();
        for (int t = 0; t < trace.threadCount(); t++) {
            for (Iterator<Event> it = trace.events(t); it.hasNext();) {
                Event e = it.next();
                if (e.isSync() && e.kind() == SyncKind.THREAD_BEGIN) {
                    begins.putIfAbsent(e.object(), t);
                    break;
                }
            }
        }
        return graphOf(trace.code(), threads, begins);
    }

    /** Blocks of the last replay whose code the graph has no vertex for (JDK code, other programs): they cost nothing. */
    public int unmappedBlocks() {
        return unmapped;
    }

    /**
     * The replay graph of per-thread event sequences: thread t becomes method t; thread 0 is the entry.
     *
     * @param code the recording's code map (block id → method and bytecode index)
     * @param threads each thread's events in program order
     * @param begins a thread object (as fork and begin name it) → the thread that began with it
     */
    public ExecutionGraph graphOf(CodeMap code, List<Iterator<Event>> threads, Map<Long, Integer> begins) {
        index(code);
        unmapped = 0;
        List<MethodGraph> methods = new ArrayList<>();
        for (int t = 0; t < threads.size(); t++) methods.add(new MethodGraph("replay/Thread" + t + ".run()V", thread(threads.get(t), begins)));
        return new ExecutionGraph(0, methods);
    }

    private List<Vertex> thread(Iterator<Event> events, Map<Long, Integer> begins) {
        List<Vertex> vs = new ArrayList<>();
        Vertex cur = new Vertex(0);
        Map<Walk, Integer> walks = new LinkedHashMap<>();
        while (events.hasNext()) {
            Event e = events.next();
            if (e.type() == Event.Type.BLOCK) {
                BlockCost c = costOf.get(e.id());
                if (c == null) {
                    unmapped++;
                    continue;
                }
                for (int k = 0; k < c.ops.length; k++) {
                    cur.ops[k] += c.ops[k];
                    cur.chain[k] += c.chain[k];
                }
                for (int w = 0; w < c.units.size(); w++) walks.merge(c.units.get(w), c.counts.get(w), Integer::sum);
                continue;
            }
            if (!e.isSync()) continue;
            Action a = action(e);
            if (a == null) continue;
            cur.action = a;
            if (a == Action.THREAD_START) {
                Integer child = begins.get(e.object());
                if (child == null) {
                    cur.action = Action.NONE; // a thread that never began in the recording
                } else {
                    cur.targets = new int[] {child};
                    cur.targetWeights = new double[] {1};
                }
            } else if (a != Action.THREAD_JOIN) {
                cur.key = "obj:" + e.object();
            }
            cur.walks = Walk.counted(walks);
            vs.add(cur);
            cur = new Vertex(vs.size());
        }
        cur.walks = Walk.counted(walks);
        vs.add(cur);
        for (int i = 0; i + 1 < vs.size(); i++) {
            vs.get(i).next = new int[] {i + 1};
            vs.get(i).weights = new double[] {1};
        }
        return vs;
    }

    private static Action action(Event e) {
        return switch (e.kind()) {
            case FORK -> Action.THREAD_START;
            case JOIN -> Action.THREAD_JOIN;
            case LOCK -> e.aux() == SyncKind.LOCK_SHARED ? null : Action.MONITOR_ENTER;
            case UNLOCK -> e.aux() == SyncKind.LOCK_SHARED ? null : Action.MONITOR_EXIT;
            case BARRIER -> Action.BARRIER;
            case LATCH_COUNT_DOWN -> Action.LATCH_COUNT_DOWN;
            case LATCH_AWAIT -> Action.LATCH_AWAIT;
            default -> null;
        };
    }

    /**
     * A code-map block's cost: its vertices' instructions per class and dependency chains, and its walks
     * with their counts (each walk kept with count 1, the key the replay sums counts under).
     */
    private record BlockCost(long[] ops, double[] chain, List<Walk> units, List<Integer> counts) {
        BlockCost(long[] ops, double[] chain) {
            this(ops, chain, new ArrayList<>(), new ArrayList<>());
        }
    }

    /** Each code-map block's instructions: the graph's vertices whose first instruction lies in it. */
    private void index(CodeMap code) {
        costOf.clear();
        Map<String, TreeMap<Integer, Integer>> blocks = new HashMap<>();
        for (CodeEntry c : code.blocksFrom(0)) {
            if (c.bci() < 0) continue;
            String id = c.className().replace('.', '/') + "." + c.method() + c.descriptor();
            blocks.computeIfAbsent(id, k -> new TreeMap<>()).put(c.bci(), c.id());
        }
        for (MethodGraph m : costs.methods()) {
            TreeMap<Integer, Integer> starts = blocks.get(m.id());
            if (starts == null) continue;
            for (int block : starts.values()) { // a block no vertex starts in is covered by the vertex before it (joined)
                costOf.put(block, new BlockCost(new long[m.vertices().get(0).ops.length], new double[m.vertices().get(0).chain.length]));
            }
            Map<Integer, Double> loopTrips = m.loopTrips();
            for (Vertex v : m.vertices()) {
                if (v.bci < 0) continue; // a synchronized method's enter and exit: recorded as lock events
                Map.Entry<Integer, Integer> b = starts.floorEntry(v.bci);
                if (b == null) continue;
                BlockCost c = costOf.get(b.getValue());
                for (Walk w : v.walks) { // a segment has no loops: the data set, resolved here, is the walk's bytes
                    c.units.add(new Walk(1, (int) Math.min(Integer.MAX_VALUE, w.dataSet(loopTrips, v.sharers)), w.far(), List.of()));
                    c.counts.add(w.count());
                }
                for (int k = 0; k < c.ops.length; k++) {
                    c.ops[k] += v.ops[k];
                    c.chain[k] += v.chain[k];
                }
            }
        }
    }
}
