package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A TCP analysis's answer: which statements are trace change points, each TCP's convergence point,
 * the shared variables each TCP depends on (the §11 {@code dependent} vector), and the SVD variables
 * before each statement (with, per variable, the shared variables it depends on).
 *
 * @param method "worklist" (§8.4) or "svd-graph" (§8.5)
 * @param tcp TCP statement ids
 * @param cp convergence point by TCP statement id (-1 where none: not a TCP)
 * @param dependent shared variables (by index in {@link Program#shared()}) each statement's outcome depends on
 * @param svdBefore per statement id: SVD variable → shared variables it depends on, on entry
 * @param passes how many node visits (worklist) or statement visits (graph) the analysis made
 * @param summaries the side-effect-free procedures whose body was analysed once for all its calls
 *     (§8.6; the SVD-graph analysis of a structured program), with the number of calls; the others
 *     are analysed inlined, at every call
 * @param foundOnVisit per conditional or loop: on which visit of it the worklist first found its
 *     condition SVD (Figure 27's D4 on the loop's second pass, D2 on its third); 0 if never, and
 *     for the SVD-graph analysis, which makes one pass
 */
public record TcpSets(Program program, String method, BitSet tcp, int[] cp, BitSet[] dependent, List<Map<String, BitSet>> svdBefore, long passes,
        Map<String, Integer> summaries, int[] foundOnVisit) {

    /** TCP names in statement order. */
    public List<String> tcpNames() {
        List<String> out = new ArrayList<>();
        for (int i = tcp.nextSetBit(0); i >= 0; i = tcp.nextSetBit(i + 1)) out.add(program.statements().get(i).name());
        return out;
    }

    /**
     * The TCPs of each procedure body (§8.6): an inlined statement is a TCP of its procedure if it
     * is one at any call. Procedure → its statement's name → the calls where it is a TCP.
     */
    public Map<String, Map<String, List<String>>> procedureTcps() {
        Map<String, Map<String, List<String>>> m = new java.util.LinkedHashMap<>();
        for (int i = tcp.nextSetBit(0); i >= 0; i = tcp.nextSetBit(i + 1)) {
            Stmt s = program.statements().get(i);
            if (s.procedure() == null) continue;
            m.computeIfAbsent(s.procedure(), k -> new java.util.LinkedHashMap<>())
                    .computeIfAbsent(s.nameInProcedure(), k -> new ArrayList<>()).add(s.callSite());
        }
        return m;
    }

    /** CP names by TCP name. */
    public Map<String, String> cpNames() {
        Map<String, String> m = new TreeMap<>();
        for (int i = tcp.nextSetBit(0); i >= 0; i = tcp.nextSetBit(i + 1)) {
            m.put(program.statements().get(i).name(), cp[i] < 0 ? "-" : program.statements().get(cp[i]).name());
        }
        return m;
    }

    /** The SVD variable names on entry to statement {@code name}. */
    public List<String> svdAt(String name) {
        Stmt s = program.statement(name);
        return new ArrayList<>(svdBefore.get(s.id()).keySet());
    }
}
