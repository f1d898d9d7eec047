package dev.wholetrace.cli.commands;

import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.simulate.egraph.Action;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.OpClass;
import dev.wholetrace.simulate.egraph.Vertex;
import java.io.PrintWriter;

/**
 * An execution graph as JSON ({@code graph --format json}): the same content as the text format
 * (docs/egraph.md), for programs: per method its vertices with their type (§3.1, from the
 * predecessor counts), instruction counts per class and on its dependency chain, action, calls and
 * successors with weights.
 */
final class GraphJson {
    private GraphJson() {}

    static void write(ExecutionGraph g, PrintWriter out) {
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject().field("entry", g.entry()).field("vertices", g.vertexCount()).field("edges", g.edgeCount()).array("methods");
            for (int m = 0; m < g.methods().size(); m++) {
                MethodGraph method = g.methods().get(m);
                int[] predecessors = method.predecessors();
                j.beginObject().field("index", m).field("id", method.id()).array("vertices");
                for (int k = 0; k < method.vertices().size(); k++) {
                    Vertex v = method.vertices().get(k);
                    j.beginObject().field("index", k).field("type", v.type(k == 0, predecessors[k])).field("bci", v.bci).field("end", v.end)
                            .field("instructions", v.instructions()).object("ops");
                    for (int c = 0; c < v.ops.length; c++) if (v.ops[c] != 0) j.field(OpClass.values()[c].label(), v.ops[c]);
                    j.end().object("chain"); // the dependency chain's instructions per class (docs/egraph.md)
                    for (int c = 0; c < v.chain.length; c++) if (v.chain[c] != 0) j.field(OpClass.values()[c].label(), v.chain[c]);
                    j.end();
                    if (v.action != Action.NONE) j.field("action", v.action.label());
                    if (v.key != null) j.field("key", v.key);
                    edges(j, "calls", v.targets, v.targetWeights);
                    edges(j, "next", v.next, v.weights);
                    if (v.loopStay >= 0) j.field("loopStay", v.loopStay);
                    if (v.loopStay >= 0 || v.action == Action.CALLBACK) j.field("trips", v.trips);
                    j.end();
                }
                j.endArray().end();
            }
            j.endArray().end();
        }
        out.println();
    }

    private static void edges(JsonWriter j, String name, int[] to, double[] weights) {
        j.array(name);
        for (int i = 0; i < to.length; i++) j.beginObject().field("to", to[i]).field("weight", weights[i]).end();
        j.endArray();
    }
}
