package dev.wholetrace.simulate.tx.correspond;

import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Compute_M (Figure 41): corresponds two executions of one program, on the fly, reading each event of
 * each execution once, in time linear in their lengths and memory bounded by the program (plus one
 * divergent region's events, capped at {@link #REGION_CAP}, for its distances). The TCP/CP sets act as
 * the TBB flow graph's road map: between TCP instances the executions are equivalent (Lemma 5.13);
 * at a TCP instance whose outcome differs (the next event of a conditional or loop, the index of an
 * array reference) each execution is read up to the TCP's CP, which both must reach (Lemma 5.14), and
 * the two stretches form a divergent {@link Region}; at a task_create the threads are corresponded
 * pairwise, task by task (the recursion of line 10).
 */
public final class ComputeM {
    /** Events of one side of a region kept for its distances. */
    public static final int REGION_CAP = 1 << 14;

    private final Program program;
    private final boolean[] tcp;
    private final int[] cp;
    private final byte[] kind;
    private final String[] names;
    private static final byte OTHER = 0, CONTROL = 1, ARRAY = 2, CREATE = 3;

    /** What a correspondence found. */
    public static final class Result {
        /** Events corresponded one to one (convergent), TCP instances met in both, divergent regions. */
        public long matched, tcpInstances, regions, hamming, levenshtein, unmatchedThreads;
        /** Whether every region's Levenshtein distance is exact (no region was cut). */
        public boolean exact = true;
    }

    public ComputeM(TcpSets sets) {
        this.program = sets.program();
        int n = program.statements().size();
        tcp = new boolean[n];
        cp = sets.cp().clone();
        kind = new byte[n];
        names = program.names();
        for (int i = sets.tcp().nextSetBit(0); i >= 0; i = sets.tcp().nextSetBit(i + 1)) tcp[i] = true;
        for (Stmt s : program.statements()) {
            int id = s.id();
            if (s instanceof Stmt.TaskCreate) kind[id] = CREATE;
            else if (s instanceof Stmt.If || s instanceof Stmt.For || s instanceof Stmt.IfGoto) kind[id] = CONTROL;
            else if (tcp[id] && !(s instanceof Stmt.Lock) && !(s instanceof Stmt.Begin)) kind[id] = ARRAY;
        }
    }

    /** Corresponds the executions whose main threads are {@code a} and {@code b}; {@code regions} receives each divergent region. */
    public Result correspond(ThreadEvents a, ThreadEvents b, Consumer<Region> regions) {
        Result r = new Result();
        thread(a, b, r, regions);
        return r;
    }

    private void thread(ThreadEvents a, ThreadEvents b, Result r, Consumer<Region> out) {
        boolean ha = a.next(), hb = b.next();
        long instance = 0;
        while (ha && hb) {
            int s = a.stmt();
            if (b.stmt() != s) {
                throw new IllegalArgumentException(a.name() + ": executions disagree outside a divergent region (" + names[s] + " vs " + names[b.stmt()]
                        + "): not two executions of this program on one data set, or the TCP set misses a TCP");
            }
            r.matched++;
            instance++;
            if (!tcp[s]) {
                ha = a.next();
                hb = b.next();
                continue;
            }
            r.tcpInstances++;
            switch (kind[s]) {
                case CREATE -> {
                    ThreadEvents[] ka = a.children(), kb = b.children();
                    int k = Math.min(ka.length, kb.length);
                    for (int i = 0; i < k; i++) thread(ka[i], kb[i], r, out);
                    r.unmatchedThreads += Math.abs(ka.length - kb.length);
                    ha = a.next();
                    hb = b.next();
                }
                case ARRAY -> {
                    if (a.value() != b.value()) {
                        String ea = names[s] + "=" + a.value(), eb = names[s] + "=" + b.value();
                        r.regions++;
                        r.hamming++;
                        r.levenshtein++;
                        r.matched--;
                        out.accept(new Region(a.name(), b.name(), names[s], instance, List.of(ea), List.of(eb), 1, 1, 1, 1));
                    }
                    ha = a.next();
                    hb = b.next();
                }
                case CONTROL -> {
                    ha = a.next();
                    hb = b.next();
                    if (ha && hb && a.stmt() == b.stmt()) continue; // same outcome: still convergent
                    int c = cp[s];
                    List<Integer> ra = new ArrayList<>(), rb = new ArrayList<>();
                    long la = 0, lb = 0;
                    while (ha && a.stmt() != c) {
                        if (la++ < REGION_CAP) ra.add(a.stmt());
                        ha = a.next();
                    }
                    while (hb && b.stmt() != c) {
                        if (lb++ < REGION_CAP) rb.add(b.stmt());
                        hb = b.next();
                    }
                    long ham = Distances.hamming(ra, rb) + (la - ra.size()) + (lb - rb.size());
                    boolean cut = la > ra.size() || lb > rb.size();
                    long lev = cut ? -1 : Distances.levenshtein(ra, rb);
                    r.regions++;
                    r.hamming += ham;
                    if (cut) r.exact = false;
                    else r.levenshtein += lev;
                    out.accept(new Region(a.name(), b.name(), names[s], instance, named(ra), named(rb), la, lb, ham, lev));
                }
                default -> {
                    ha = a.next();
                    hb = b.next();
                }
            }
        }
        if (ha || hb) {
            // One thread ended first outside a divergent region: the rest of the other is a trailing region.
            List<Integer> rest = new ArrayList<>();
            ThreadEvents t = ha ? a : b;
            long len = 0;
            boolean more = true;
            while (more) {
                if (len++ < REGION_CAP) rest.add(t.stmt());
                more = t.next();
            }
            r.regions++;
            r.hamming += len;
            r.levenshtein += len;
            out.accept(new Region(a.name(), b.name(), "(end)", instance, ha ? named(rest) : List.of(), ha ? List.of() : named(rest),
                    ha ? len : 0, ha ? 0 : len, len, len));
        }
    }

    private List<String> named(List<Integer> ids) {
        List<String> l = new ArrayList<>(ids.size());
        for (int i : ids) l.add(names[i]);
        return l;
    }
}
