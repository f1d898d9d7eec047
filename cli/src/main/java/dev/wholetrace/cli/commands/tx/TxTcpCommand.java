package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.tx.analysis.AffectingPoints;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.Taxonomy;
import dev.wholetrace.simulate.tx.analysis.TbbGraph;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wholetrace tx tcp}: trace change points and convergence points, and the instruction taxonomy. */
@Command(name = "tcp", mixinStandardHelpOptions = true,
        description = {"The program's trace change points (TCPs), each with its convergence point (CP) and the shared variables its "
                + "outcome depends on, by the SVD worklist algorithm (§8.4) or the SVD-graph approximation (§8.5), and every "
                + "statement's class in the taxonomy of §4.1 with each TCP's trace affecting points (--taxonomy). Structured and "
                + "intermediate (goto) form: loops and convergence points come from the flow graph."},
        footer = {"",
                "Examples:",
                "  wholetrace tx tcp docs/examples/tx/fig14.tx",
                "  wholetrace tx tcp docs/examples/tx/fig27.tx --method both",
                "  wholetrace tx tcp docs/examples/tx/fig23.tx --taxonomy --format json",
                "  # the intermediate form (test-and-set, goto loops), and its structured twin",
                "  wholetrace tx tcp docs/examples/tx/fig11.tx --taxonomy",
                "  wholetrace tx tcp docs/examples/tx/fig10.tx --taxonomy",
                "  # the TCP basic-block flow graph Compute_M and the extrapolator walk",
                "  wholetrace tx tcp docs/examples/tx/fig14.tx --tbb",
                "  # procedures (§8.6): TCPs per call and per procedure; a side-effect-free one",
                "  wholetrace tx tcp docs/examples/tx/procedures.tx",
                "  wholetrace tx tcp docs/examples/tx/procedures-pure.tx --method both",
                "  # functions (§8.6): x = f(a) generates or kills x",
                "  wholetrace tx tcp docs/examples/tx/functions.tx"})
public final class TxTcpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TxInputs in;

    @Option(names = "--method", defaultValue = "worklist", paramLabel = "M", description = "worklist, svd-graph or both (default: ${DEFAULT-VALUE})")
    String method;

    @Option(names = "--taxonomy", description = "also classify every statement (§4.1)")
    boolean taxonomy;

    @Option(names = "--tbb", description = "also print the TCP basic-block flow graph (§10.4.1): blocks, types, instruction counts, CPs, successors")
    boolean tbb;

    @Override
    public Integer call() throws Exception {
        boolean json = in.json();
        if (!List.of("worklist", "svd-graph", "both").contains(method)) throw new IllegalArgumentException("--method is worklist, svd-graph or both, not " + method);
        Program p = in.program();
        List<TcpSets> results = new ArrayList<>();
        try {
            if (!method.equals("svd-graph")) results.add(SvdAnalysis.worklist(p));
            if (!method.equals("worklist")) results.add(SvdAnalysis.svdGraph(p));
        } catch (TxException e) {
            throw new IllegalArgumentException(in.file + ":" + e.getMessage());
        }
        List<String> shared = new ArrayList<>(p.shared().keySet());
        PrintWriter out = spec.commandLine().getOut();
        String[] display = p.displayNames();
        int width = 8; // names line up in one column: Figure 11's "B (task 0)" is wider than Figure 14's "B4"
        for (int i = 0; i < p.statements().size(); i++) width = Math.max(width, display[i].length());
        StringBuilder j = new StringBuilder("{\"program\":").append(Json.str(p.name())).append(",\"analyses\":[");
        for (int i = 0; i < results.size(); i++) {
            TcpSets t = results.get(i);
            if (json) {
                j.append(i > 0 ? "," : "").append("{\"method\":").append(Json.str(t.method())).append(",\"visits\":").append(t.passes()).append(",\"tcps\":[");
                int k = 0;
                for (int s = t.tcp().nextSetBit(0); s >= 0; s = t.tcp().nextSetBit(s + 1)) {
                    String name = display[s];
                    j.append(k++ > 0 ? "," : "").append("{\"tcp\":").append(Json.str(name)).append(",\"cp\":").append(Json.str(cp(display, t, s)))
                            .append(",\"dependsOn\":").append(Json.strings(names(t.dependent()[s], shared))).append('}');
                }
                j.append("],\"procedures\":[");
                int q = 0;
                for (Map.Entry<String, Map<String, List<String>>> proc : procedures(t).entrySet()) {
                    Integer calls = t.summaries().get(proc.getKey());
                    j.append(q++ > 0 ? "," : "").append("{\"procedure\":").append(Json.str(proc.getKey()))
                            .append(",\"kind\":").append(Json.str(t.program().kind(proc.getKey())))
                            .append(",\"analysed\":").append(Json.str(calls == null ? "inlined" : "summary")).append(",\"tcps\":[");
                    int r = 0;
                    for (Map.Entry<String, List<String>> e : proc.getValue().entrySet()) {
                        j.append(r++ > 0 ? "," : "").append("{\"tcp\":").append(Json.str(e.getKey())).append(",\"at\":").append(Json.strings(e.getValue())).append('}');
                    }
                    j.append("]}");
                }
                j.append("]}");
            } else {
                out.println(t.method() + " (" + t.passes() + " visits): TCPs " + String.join(", ", displayNames(display, t.tcp())));
                for (int s = t.tcp().nextSetBit(0); s >= 0; s = t.tcp().nextSetBit(s + 1)) {
                    List<String> deps = names(t.dependent()[s], shared);
                    out.printf("  %-" + width + "s CP %-" + width + "s%s%n", display[s], cp(display, t, s), deps.isEmpty() ? "" : " depends on " + String.join(", ", deps));
                }
                for (Map.Entry<String, Map<String, List<String>>> proc : procedures(t).entrySet()) {
                    List<String> each = new ArrayList<>();
                    proc.getValue().forEach((stmt, at) -> each.add(stmt + " (at " + String.join(", ", at) + ")"));
                    Integer calls = t.summaries().get(proc.getKey());
                    String how = calls == null ? "inlined" : "side-effect free: one summary for " + calls + (calls == 1 ? " call" : " calls");
                    out.println("  " + t.program().kind(proc.getKey()) + " " + proc.getKey() + " (" + how + ", §8.6): " + (each.isEmpty() ? "no TCPs" : "TCPs " + String.join(", ", each)));
                }
            }
        }
        if (taxonomy) {
            List<Taxonomy.Entry> tx = Taxonomy.classify(results.get(0));
            AffectingPoints taps;
            try {
                taps = AffectingPoints.of(results.get(0));
            } catch (TxException e) {
                throw new IllegalArgumentException(in.file + ":" + e.getMessage());
            }
            if (json) {
                j.append("],\"taxonomy\":[");
                for (int i = 0; i < tx.size(); i++) {
                    Taxonomy.Entry e = tx.get(i);
                    j.append(i > 0 ? "," : "").append("{\"statement\":").append(Json.str(display[i])).append(",\"kind\":").append(Json.str(e.category().kind))
                            .append(",\"class\":").append(Json.str(e.category().description));
                    if (results.get(0).tcp().get(i)) j.append(",\"affectingPoints\":").append(Json.strings(displayNames(display, taps.of(i))));
                    j.append('}');
                }
            } else {
                out.println("taxonomy (§4.1, from the " + results.get(0).method() + " sets):");
                for (int i = 0; i < tx.size(); i++) {
                    Taxonomy.Entry e = tx.get(i);
                    List<String> affecting = displayNames(display, taps.of(i));
                    String affected = affecting.isEmpty() ? "" : "; TAPs " + String.join(", ", affecting);
                    out.printf("  %-" + width + "s %-19s %s%s%n", display[i], e.category().kind, e.category().description, affected);
                }
            }
        }
        if (tbb) {
            TbbGraph g;
            try {
                g = TbbGraph.of(in.code(p), results.get(0));
            } catch (TxException e) {
                throw new IllegalArgumentException(in.file + ":" + e.getMessage());
            }
            if (json) j.append("],\"tbb\":["); // closes the analyses' or the taxonomy's array
            else out.println("TBB flow graph (§10.4.1, from the " + results.get(0).method() + " sets, " + g.blocks().size() + " blocks):");
            for (TbbGraph.Block b : g.blocks()) {
                List<String> stmts = new ArrayList<>(), succ = new ArrayList<>();
                for (int s : b.statements()) stmts.add(display[s]);
                for (int s : b.successors()) succ.add("b" + s);
                if (json) {
                    j.append(b.id() > 0 ? "," : "").append("{\"block\":").append(b.id()).append(",\"type\":").append(Json.str(b.type().name().toLowerCase()))
                            .append(",\"statements\":").append(Json.strings(stmts)).append(",\"instructions\":").append(b.instructions())
                            .append(",\"isCp\":").append(b.isCp()).append(",\"isRuntime\":").append(b.isRuntime())
                            .append(",\"cpBlock\":").append(b.cpBlock()).append(",\"lock\":").append(b.lock() == null ? "null" : Json.str(b.lock()))
                            .append(",\"dependent\":").append(Json.strings(names(b.dependent(), shared))).append(",\"kills\":").append(Json.strings(names(b.killed(), shared)))
                            .append(",\"successors\":").append(Json.strings(succ)).append('}');
                } else {
                    out.printf("  b%-3d %-11s [%s] %d instructions%s%s%s%s -> %s%n", b.id(), b.type().name().toLowerCase(), String.join(" ", stmts), b.instructions(),
                            b.isCp() ? ", starts at a CP" : "", b.cpBlock() >= 0 ? ", its CP in b" + b.cpBlock() : "",
                            b.dependent().isEmpty() ? "" : ", depends on " + String.join(", ", names(b.dependent(), shared)),
                            b.killed().isEmpty() ? "" : ", kills " + String.join(", ", names(b.killed(), shared)),
                            succ.isEmpty() ? "(end)" : String.join(" ", succ));
                }
            }
        }
        if (json) out.println(j.append("]}"));
        out.flush();
        return 0;
    }

    /** The procedures with TCPs, and the summarised ones also without. */
    private static Map<String, Map<String, List<String>>> procedures(TcpSets t) {
        Map<String, Map<String, List<String>>> m = new java.util.LinkedHashMap<>(t.procedureTcps());
        for (String summarised : new java.util.TreeSet<>(t.summaries().keySet())) m.putIfAbsent(summarised, Map.of());
        return m;
    }

    private static String cp(String[] display, TcpSets t, int s) {
        return t.cp()[s] < 0 ? "-" : display[t.cp()[s]];
    }

    private static List<String> displayNames(String[] display, BitSet ids) {
        List<String> l = new ArrayList<>();
        for (int i = ids.nextSetBit(0); i >= 0; i = ids.nextSetBit(i + 1)) l.add(display[i]);
        return l;
    }

    private static List<String> names(BitSet b, List<String> shared) {
        List<String> l = new ArrayList<>();
        for (int i = b.nextSetBit(0); i >= 0; i = b.nextSetBit(i + 1)) l.add(shared.get(i));
        return l;
    }
}
