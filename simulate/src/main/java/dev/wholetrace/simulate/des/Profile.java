package dev.wholetrace.simulate.des;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.simulate.egraph.Action;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Branch probabilities, loop trip counts and call-target weights from a recording: how often each
 * basic block ran, summed over the recording's threads (a probability is a ratio, so the sum is
 * the threads' average). A vertex counts as the recorded block that contains its first instruction
 * (a vertex may start inside a block: calls end vertices, not blocks).
 */
public final class Profile {
    /** Method id ({@code owner/Name.method(desc)}) → block start bci → times run. */
    private final Map<String, TreeMap<Integer, Long>> counts;
    /** The same keys → how many of the recording's threads ran the block. */
    private final Map<String, TreeMap<Integer, Long>> threads;
    private final long blocks;
    /** Classes ({@code owner/Name}) with a block in the recording's code map: the ones it loaded and instrumented. */
    private final Set<String> classes = new HashSet<>();
    /** Their packages ({@code owner}). */
    private final Set<String> packages = new HashSet<>();
    /** Whether the recording gave block probes to every class it loaded ({@link #blocksEveryClass}): else a class without blocks may have run. */
    private final boolean everyClassBlocks;

    Profile(Map<String, TreeMap<Integer, Long>> counts, Map<String, TreeMap<Integer, Long>> threads, long blocks) {
        this(counts, threads, blocks, true);
    }

    Profile(Map<String, TreeMap<Integer, Long>> counts, Map<String, TreeMap<Integer, Long>> threads, long blocks, boolean everyClassBlocks) {
        this.counts = counts;
        this.threads = threads;
        this.blocks = blocks;
        this.everyClassBlocks = everyClassBlocks;
        for (String id : counts.keySet()) {
            String c = classOf(id);
            classes.add(c);
            packages.add(packageOf(c));
        }
    }

    /** {@code owner/Name} of a method id {@code owner/Name.method(desc)} (a descriptor has no dot). */
    private static String classOf(String id) {
        return id.substring(0, id.lastIndexOf('.', id.indexOf('(')));
    }

    private static String packageOf(String cls) {
        return cls.substring(0, Math.max(0, cls.lastIndexOf('/')));
    }

    /**
     * Whether the recording shows that method {@code id} never ran although its class has no block
     * in the code map: the agent instruments a class when it is loaded, so a class missing from a
     * package it instrumented other classes of was never loaded. Not when the recording's
     * {@code include=}/{@code exclude=} left some classes without blocks (sync probes only): an
     * excluded class of an instrumented package ran without a block. (A class the agent failed to
     * instrument, or whose only method is too large for block probes, would still be taken as never
     * loaded: the agent logs those.)
     */
    private boolean neverLoaded(String id) {
        String c = classOf(id);
        return everyClassBlocks && !classes.contains(c) && packages.contains(packageOf(c));
    }

    /**
     * Whether a recording made with these agent options (its {@code agent.options} property; null when
     * it has none) gave block probes to every class it loaded: no {@code include=} or {@code exclude=}
     * with a pattern (recorder's AgentOptions, which this module does not depend on, defines the keys;
     * ':' separates patterns, ',' options).
     */
    static boolean blocksEveryClass(String agentOptions) {
        if (agentOptions == null) return true;
        for (String option : agentOptions.split(",")) {
            int eq = option.indexOf('=');
            if (eq < 0) continue;
            String key = option.substring(0, eq).strip();
            boolean patterns = !option.substring(eq + 1).replace(":", "").isBlank();
            if (patterns && (key.equals("include") || key.equals("exclude"))) return false;
        }
        return true;
    }

    /** Block counts of every thread of the recording {@code file}. */
    public static Profile read(Path file) throws IOException {
        TraceView trace = TraceView.open(file);
        if (!trace.mode().control) throw new IllegalArgumentException(file + ": a " + trace.mode() + " recording has no block events; record in COR, CDR or ALL mode for --profile");
        Map<Integer, Long> byBlock = new HashMap<>(), threadsByBlock = new HashMap<>();
        long total = 0;
        for (int t = 0; t < trace.threadCount(); t++) {
            Set<Integer> ran = new HashSet<>();
            for (Iterator<Event> it = trace.events(t); it.hasNext();) {
                Event e = it.next();
                if (e.type() == Event.Type.BLOCK) {
                    byBlock.merge(e.id(), 1L, Long::sum);
                    if (ran.add(e.id())) threadsByBlock.merge(e.id(), 1L, Long::sum);
                    total++;
                }
            }
        }
        CodeMap code = trace.code();
        Map<String, TreeMap<Integer, Long>> counts = new HashMap<>(), threads = new HashMap<>();
        // every block of the code map, the ones never run with 0: a vertex inside a block that never
        // ran must not take the count of the block before it
        for (CodeEntry c : code.blocksFrom(0)) {
            if (c.bci() < 0) continue;
            String id = c.className().replace('.', '/') + "." + c.method() + c.descriptor();
            counts.computeIfAbsent(id, k -> new TreeMap<>()).merge(c.bci(), byBlock.getOrDefault(c.id(), 0L), Long::sum);
            // several code-map entries of one (method, bci): the threads that ran any, at least the most of one (a sum counts a thread twice)
            threads.computeIfAbsent(id, k -> new TreeMap<>()).merge(c.bci(), threadsByBlock.getOrDefault(c.id(), 0L), Math::max);
        }
        return new Profile(counts, threads, total, blocksEveryClass(trace.properties().get("agent.options")));
    }

    /** Blocks the recording ran. */
    public long blocks() {
        return blocks;
    }

    /**
     * How often each edge out of decision {@code v} (which ran {@code here} times) was taken. A
     * successor with no other predecessor ran only through this edge: its count is the edge's. A
     * successor that is a MERGE also counts the runs that came from elsewhere (the join after an
     * {@code if} counts the runs that skipped it and the ones that took it), so the edges into
     * merges share what is left of {@code here}, in proportion to their counts. Taking a merge's
     * whole count made an {@code if} that always holds a coin toss (Lu's owner test: half its work).
     */
    private double[] edgeCounts(String method, List<Vertex> vs, int[] preds, Vertex v, long here, long exactEntries) {
        double[] w = new double[v.next.length];
        double known = 0, mergeCounts = 0;
        boolean anyMerge = false;
        for (int k = 0; k < w.length; k++) {
            long c = count(method, vs.get(v.next[k]).bci);
            if (preds[v.next[k]] <= 1 && vs.get(v.next[k]).bci == 0 && exactEntries >= 0) {
                // the method's first block, this edge its one way back: its count holds the entries too (each
                // entry's first run), so the edge took what is left (a do-while at the method's first instruction
                // looped one trip per entry too many; not a merge, which split a loop's exits by block counts)
                w[k] = Math.max(0, c - exactEntries);
                known += w[k];
            } else if (preds[v.next[k]] <= 1) {
                w[k] = c;
                known += c;
            } else {
                w[k] = -c - 1; // marks a merge: filled below
                mergeCounts += c;
                anyMerge = true;
            }
        }
        if (!anyMerge) return w;
        double left = Math.max(0, here - known);
        for (int k = 0; k < w.length; k++) {
            if (w[k] >= 0) continue;
            double c = -w[k] - 1;
            w[k] = mergeCounts > 0 ? left * c / mergeCounts : 0;
        }
        return w;
    }

    /**
     * Times method {@code m} was entered: its first block's count less the runs that came back to it
     * from inside the method. The agent's probe of a block that a branch can reach again sits at its
     * label, so a loop test at bci 0 (javac's {@code while} at a method's top) counts every trip: its
     * count is entries × (trips + 1). A return is subtracted only where its count is exact: from a
     * vertex with no other successor, or from a decision whose other successors have no other
     * predecessor (the rest of its runs). Else it is kept, so a method that ran is never taken as
     * never entered ({@link #dropImpossibleTargets} would drop it as a target).
     */
    private long entries(MethodGraph m) {
        long first = count(m.id(), 0);
        return first == 0 ? 0 : Math.max(1, first - returnsToStart(m, null));
    }

    /**
     * Times method {@code m} was entered when every return to its first block has an exact count
     * ({@link #entries}), else -1: then a back edge to START takes START's count less these, the
     * trips that came from inside ({@link #edgeCounts}).
     */
    private long exactEntries(MethodGraph m) {
        boolean[] exact = {true};
        long again = returnsToStart(m, exact);
        return exact[0] ? Math.max(0, count(m.id(), 0) - again) : -1;
    }

    /**
     * The runs of {@code m}'s vertices that went back to its first block, where each has an exact
     * count ({@link #entries}); {@code exact[0]}, when given, is cleared if one has not.
     */
    private long returnsToStart(MethodGraph m, boolean[] allExact) {
        List<Vertex> vs = m.vertices();
        int[] preds = m.predecessors();
        long again = 0;
        for (Vertex p : vs) {
            if (p.bci < 0) continue; // a synchronized method's enter: the entry, not a return to it
            boolean back = false, exact = true;
            long others = 0;
            for (int n : p.next) {
                if (vs.get(n).bci == 0) back = true;
                else {
                    exact &= preds[n] <= 1;
                    others += count(m.id(), vs.get(n).bci);
                }
            }
            if (back && exact) again += Math.max(0, count(m.id(), p.bci) - others);
            if (back && !exact && allExact != null) allExact[0] = false;
        }
        return again;
    }

    /** Methods of {@code g} the recording ran. */
    public int methodsSeen(ExecutionGraph g) {
        int n = 0;
        for (MethodGraph m : g.methods()) if (count(m.id(), 0) > 0) n++;
        return n;
    }

    /** Times the block holding {@code bci} of method {@code id} ran (0 when never). */
    long count(String id, int bci) {
        return lookUp(counts, id, bci);
    }

    /** Threads of the recording that ran the block holding {@code bci} of method {@code id} (0 when none). */
    long threads(String id, int bci) {
        return lookUp(threads, id, bci);
    }

    private static long lookUp(Map<String, TreeMap<Integer, Long>> byMethod, String id, int bci) {
        TreeMap<Integer, Long> m = byMethod.get(id);
        if (m == null) return 0;
        Map.Entry<Integer, Long> e = m.floorEntry(Math.max(bci, 0));
        return e == null ? 0 : e.getValue();
    }

    /**
     * The receivers the recording saw, as far as block counts tell them: a call site that ran did
     * not call a target the recording instrumented and never entered, nor its own method more often
     * than that method was entered less once per outermost entry (when the site ran at least as
     * often as its method and its other targets were entered together, the method is not a target:
     * a tree visitor's recursion, whose site also calls the leaves, stays). Both come from the proxy or
     * decorator that calls its delegate through an interface ({@code ProxyStatement.close} calling
     * {@code delegate.close()}): the delegate's class is not in the graph (a JDBC driver loaded by
     * reflection), so class-hierarchy analysis offers only the program's other implementations, the
     * proxy itself among them, and every such call recursed to the simulator's depth limit
     * (HikariCP's statements ran 2000 times as often as recorded). A call left without a target
     * leaves the graph: a plain invoke ({@link Action#NONE}). A target of a class the recording never
     * loaded ({@link #neverLoaded}) is impossible too: rapid type analysis offers a virtual call every
     * override the reachable code might instantiate, and GuavaDriver's simulation ran Guava's
     * {@code hashCode} methods ({@code Sets.hashCodeImpl}, {@code ImmutableList.hashCode}), never
     * entered in its recording, until it was cut off (2 M vertices for 0.3 M recorded entries). A target
     * the recording did not instrument (no block of its class, nor of its package) is kept: its count
     * says nothing.
     */
    private void dropImpossibleTargets(ExecutionGraph g, long[] entered, MethodGraph m, Vertex v) {
        long site = count(m.id(), v.bci);
        if (site == 0) return;
        String[] ids = new String[v.targets.length];
        long[] entries = new long[ids.length];
        long others = 0; // entries of the other targets: the site's runs that may have gone there
        for (int k = 0; k < ids.length; k++) {
            ids[k] = g.methods().get(v.targets[k]).id();
            entries[k] = entered[v.targets[k]];
            if (!ids[k].equals(m.id())) others += entries[k];
        }
        boolean[] impossible = new boolean[ids.length];
        int kept = 0;
        for (int k = 0; k < ids.length; k++) {
            boolean neverEntered = counts.containsKey(ids[k]) ? entries[k] == 0 : neverLoaded(ids[k]);
            impossible[k] = neverEntered || ids[k].equals(m.id()) && entries[k] + others <= site;
            if (!impossible[k]) kept++;
        }
        if (kept == v.targets.length) return;
        int[] targets = new int[kept];
        double[] weights = new double[kept];
        for (int k = 0, j = 0; k < v.targets.length; k++) {
            if (impossible[k]) continue;
            targets[j] = v.targets[k];
            weights[j++] = v.targetWeights[k];
        }
        v.targets = targets;
        v.targetWeights = weights;
        if (kept == 0) v.action = Action.NONE;
    }

    /**
     * Per method of {@code g}: its recorded entries less the runs of the call sites that can call
     * nothing else (one target: a static, private or final call, or a virtual one with one receiver
     * left), never below 0 — the entries that came through a call site with several targets (or from
     * a thread start, a lambda, the JDK). A site with several targets weights each by this, not by its
     * whole entries: Math3Driver's {@code DescriptiveStatistics.apply} calls {@code Mean.evaluate},
     * {@code Variance.evaluate}, {@code Kurtosis.evaluate} … through one interface call, and
     * {@code Mean.evaluate} is also entered by {@code Variance}'s and {@code Skewness}'s direct calls
     * ({@code Sum.evaluate} by {@code Mean}'s); weighted by the whole entries the site called those
     * too often and {@code Kurtosis} (2 000 {@code FastMath.pow} a call) too rarely: 2 002 of the
     * 12 012 recorded {@code FastMath.pow} calls of a 6-round recording (session 42).
     */
    private long[] entriesNotFromOneTargetCalls(ExecutionGraph g, long[] entered) {
        List<MethodGraph> ms = g.methods();
        long[] left = entered.clone();
        for (MethodGraph m : ms) {
            for (Vertex v : m.vertices()) {
                if (v.action == Action.CALL && v.targets.length == 1) left[v.targets[0]] -= count(m.id(), v.bci);
            }
        }
        for (int t = 0; t < left.length; t++) left[t] = Math.max(0, left[t]);
        return left;
    }

    /**
     * Sets the weights of {@code g}'s decisions and call targets, its loops' trip counts and its
     * walking vertices' {@link Vertex#sharers} from the counts. A decision or loop the recording never
     * reached keeps what it had.
     */
    public void applyTo(ExecutionGraph g) {
        long[] entered = new long[g.methods().size()];
        for (int t = 0; t < entered.length; t++) entered[t] = entries(g.methods().get(t));
        for (MethodGraph m : g.methods()) for (Vertex v : m.vertices()) if (v.action == Action.CALL) dropImpossibleTargets(g, entered, m, v);
        long[] unexplained = entriesNotFromOneTargetCalls(g, entered);
        for (MethodGraph m : g.methods()) {
            List<Vertex> vs = m.vertices();
            int[] preds = new int[vs.size()];
            for (Vertex v : vs) for (int n : v.next) preds[n]++;
            long exactEntries = exactEntries(m);
            for (Vertex v : vs) {
                if (v.action == Action.CALLBACK) {
                    // the lambdas' runs per run of the call that was handed them; a method reference's
                    // target (not a lambda$ method) is also called directly, so its count says nothing
                    long here = count(m.id(), v.bci);
                    double runs = 0;
                    boolean lambdas = true;
                    for (int t : v.targets) {
                        String id = g.methods().get(t).id();
                        lambdas &= id.contains(".lambda$");
                        runs += entered[t];
                    }
                    if (here > 0 && lambdas) v.trips = runs / here;
                }
                if (v.walks.length > 0) v.sharers = (int) Math.max(1, threads(m.id(), v.bci));
                if (v.targets.length > 1) {
                    double sum = 0;
                    double[] w = new double[v.targets.length];
                    if (v.action == Action.CALL) for (int k = 0; k < w.length; k++) sum += w[k] = unexplained[v.targets[k]];
                    if (sum == 0) for (int k = 0; k < w.length; k++) sum += w[k] = entered[v.targets[k]];
                    if (sum > 0) v.targetWeights = w;
                }
                if (v.next.length < 2) continue;
                long here = count(m.id(), v.bci);
                if (here == 0) continue;
                double[] w = edgeCounts(m.id(), vs, preds, v, here, exactEntries);
                double sum = 0;
                for (double x : w) sum += x;
                if (sum > 0) v.weights = w;
                if (v.loopStay >= 0) {
                    double stays = w[v.loopStay];
                    double exits;
                    if (stays < here) exits = here - stays; // test at the top: each entry ends in one failed test
                    else exits = sum - stays; // test at the bottom: the exit successors' counts
                    v.trips = exits > 0 ? stays / exits : stays;
                }
            }
        }
    }
}
