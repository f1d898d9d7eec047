package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.Taxonomy;
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
                + "statement's class in the taxonomy of §4.1 (--taxonomy). Needs the structured form."},
        footer = {"", "Examples:", "  wholetrace tx tcp docs/examples/tx/fig14.tx", "  wholetrace tx tcp docs/examples/tx/fig27.tx --method both",
                "  wholetrace tx tcp docs/examples/tx/fig23.tx --taxonomy --format json",
                "  wholetrace tx tcp docs/examples/tx/procedures.tx   # procedures (§8.6): TCPs per call and per procedure"})
public final class TxTcpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TxInputs in;

    @Option(names = "--method", defaultValue = "worklist", paramLabel = "M", description = "worklist, svd-graph or both (default: ${DEFAULT-VALUE})")
    String method;

    @Option(names = "--taxonomy", description = "also classify every statement (§4.1)")
    boolean taxonomy;

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
        StringBuilder j = new StringBuilder("{\"program\":").append(Json.str(p.name())).append(",\"analyses\":[");
        for (int i = 0; i < results.size(); i++) {
            TcpSets t = results.get(i);
            Map<String, String> cps = t.cpNames();
            if (json) {
                j.append(i > 0 ? "," : "").append("{\"method\":").append(Json.str(t.method())).append(",\"visits\":").append(t.passes()).append(",\"tcps\":[");
                int k = 0;
                for (int s = t.tcp().nextSetBit(0); s >= 0; s = t.tcp().nextSetBit(s + 1)) {
                    String name = p.statements().get(s).name();
                    j.append(k++ > 0 ? "," : "").append("{\"tcp\":").append(Json.str(name)).append(",\"cp\":").append(Json.str(cps.get(name)))
                            .append(",\"dependsOn\":").append(Json.strings(names(t.dependent()[s], shared))).append('}');
                }
                j.append("],\"procedures\":[");
                int q = 0;
                for (Map.Entry<String, Map<String, List<String>>> proc : t.procedureTcps().entrySet()) {
                    j.append(q++ > 0 ? "," : "").append("{\"procedure\":").append(Json.str(proc.getKey())).append(",\"tcps\":[");
                    int r = 0;
                    for (Map.Entry<String, List<String>> e : proc.getValue().entrySet()) {
                        j.append(r++ > 0 ? "," : "").append("{\"tcp\":").append(Json.str(e.getKey())).append(",\"at\":").append(Json.strings(e.getValue())).append('}');
                    }
                    j.append("]}");
                }
                j.append("]}");
            } else {
                out.println(t.method() + " (" + t.passes() + " visits): TCPs " + String.join(", ", t.tcpNames()));
                for (int s = t.tcp().nextSetBit(0); s >= 0; s = t.tcp().nextSetBit(s + 1)) {
                    String name = p.statements().get(s).name();
                    List<String> deps = names(t.dependent()[s], shared);
                    out.printf("  %-8s CP %-8s%s%n", name, cps.get(name), deps.isEmpty() ? "" : " depends on " + String.join(", ", deps));
                }
                for (Map.Entry<String, Map<String, List<String>>> proc : t.procedureTcps().entrySet()) {
                    List<String> each = new ArrayList<>();
                    proc.getValue().forEach((stmt, at) -> each.add(stmt + " (at " + String.join(", ", at) + ")"));
                    out.println("  procedure " + proc.getKey() + " (inlined, §8.6): TCPs " + String.join(", ", each));
                }
            }
        }
        if (taxonomy) {
            List<Taxonomy.Entry> tx = Taxonomy.classify(results.get(0));
            if (json) {
                j.append("],\"taxonomy\":[");
                for (int i = 0; i < tx.size(); i++) {
                    Taxonomy.Entry e = tx.get(i);
                    j.append(i > 0 ? "," : "").append("{\"statement\":").append(Json.str(e.statement())).append(",\"kind\":").append(Json.str(e.category().kind))
                            .append(",\"class\":").append(Json.str(e.category().description)).append('}');
                }
            } else {
                out.println("taxonomy (§4.1):");
                for (Taxonomy.Entry e : tx) out.printf("  %-8s %-19s %s%n", e.statement(), e.category().kind, e.category().description);
            }
        }
        if (json) out.println(j.append("]}"));
        out.flush();
        return 0;
    }

    private static List<String> names(BitSet b, List<String> shared) {
        List<String> l = new ArrayList<>();
        for (int i = b.nextSetBit(0); i >= 0; i = b.nextSetBit(i + 1)) l.add(shared.get(i));
        return l;
    }
}
