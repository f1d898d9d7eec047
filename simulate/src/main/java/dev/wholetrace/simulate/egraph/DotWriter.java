package dev.wholetrace.simulate.egraph;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * An execution graph as Graphviz DOT: one cluster per method, vertices labelled with their type
 * (§3.1), bytecode index and instruction count, synchronization vertices red and communication
 * vertices blue, call edges dashed (the return edge is virtual, §3.2.2, so it is not drawn).
 */
public final class DotWriter {
    private DotWriter() {}

    public static void write(ExecutionGraph g, Writer out) throws IOException {
        StringBuilder s = new StringBuilder("digraph egraph {\n  node [shape=box, fontsize=10];\n");
        for (int m = 0; m < g.methods().size(); m++) {
            MethodGraph mg = g.methods().get(m);
            int[] preds = mg.predecessors();
            s.append("  subgraph cluster_").append(m).append(" {\n    label=\"").append(escape(mg.shortName())).append("\";\n");
            List<Vertex> vs = mg.vertices();
            for (int k = 0; k < vs.size(); k++) {
                Vertex v = vs.get(k);
                String colour = switch (v.action.category) {
                    case SYNCHRONIZATION -> ", color=red";
                    case COMMUNICATION -> ", color=blue";
                    default -> "";
                };
                s.append("    m").append(m).append("v").append(k).append(" [label=\"").append(v.type(k == 0, preds[k]))
                        .append("\\n@").append(v.bci).append(" ").append(v.instructions()).append(" insns")
                        .append(v.action == Action.NONE || v.action == Action.CALL ? "" : "\\n" + v.action.label())
                        .append(v.key == null ? "" : "\\n" + escape(v.key))
                        .append(v.loopStay >= 0 ? "\\nloop ×" + v.trips : "").append(v.action == Action.CALLBACK ? " ×" + v.trips : "")
                        .append("\"").append(colour).append("];\n");
            }
            s.append("  }\n");
            for (int k = 0; k < vs.size(); k++) {
                Vertex v = vs.get(k);
                for (int e = 0; e < v.next.length; e++) {
                    s.append("  m").append(m).append("v").append(k).append(" -> m").append(m).append("v").append(v.next[e]);
                    if (v.weights[e] != 1) s.append(" [label=\"").append(String.format(java.util.Locale.ROOT, "%.3g", v.weights[e])).append("\"]");
                    s.append(";\n");
                }
                for (int t : v.targets) s.append("  m").append(m).append("v").append(k).append(" -> m").append(t).append("v0 [style=dashed];\n");
            }
        }
        s.append("}\n");
        out.write(s.toString());
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
