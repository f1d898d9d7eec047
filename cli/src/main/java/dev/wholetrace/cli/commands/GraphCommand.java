package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.simulate.egraph.ClassSource;
import dev.wholetrace.simulate.egraph.DotWriter;
import dev.wholetrace.simulate.egraph.EgraphException;
import dev.wholetrace.simulate.egraph.EgraphFile;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.GraphBuilder;
import dev.wholetrace.simulate.egraph.Optimizer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace graph app.jar|DIR --entry pkg.Main}: the program's execution graph (docs/egraph.md). */
@Command(name = "graph", mixinStandardHelpOptions = true,
        description = {"Build the execution graph of a program from its bytecode, for 'wholetrace simulate'.",
                "",
                "The methods reachable from the entry class's main (calls resolved by rapid type analysis) are "
                    + "clustered into vertices of straight-line bytecode, counted per instruction class; "
                    + "synchronization (monitors, locks, barriers, latches) and communication (thread start/join, "
                    + "queues, executors, futures) end a vertex. Then the non-degenerative optimizations join "
                    + "vertices without changing any simulated time. Format: docs/egraph.md."},
        footer = {"", "Examples:",
                "  wholetrace graph workloads/target/classes --entry dev.wholetrace.workloads.kernels.Sor -o sor.egraph",
                "  wholetrace graph app.jar --entry com.example.Main --dot | dot -Tsvg > app.svg"})
public final class GraphCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CLASSES", description = "the program's classes: a jar or a directory of .class files")
    Path input;

    @Option(names = "--entry", required = true, paramLabel = "CLASS", description = "the class whose main(String[]) the program starts in")
    String entry;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output (an existing file only with --force)")
    Path out;

    @Option(names = "--dot", description = "write Graphviz DOT instead of the graph file")
    boolean dot;

    @Option(names = "--no-optimize", description = "keep every vertex as generated (no PASS, MERGE or branch elimination)")
    boolean noOptimize;

    @Mixin
    ForceOption force;

    @Override
    public Integer call() throws Exception {
        OutputFile target = out == null ? null : OutputFile.check(out, force.force(), input);
        ExecutionGraph g;
        Optimizer.Stats stats = null;
        try {
            g = new GraphBuilder(ClassSource.read(input)).build(entry);
        } catch (EgraphException e) {
            throw new FormatException(e.getMessage());
        }
        int generated = g.vertexCount();
        if (!noOptimize) stats = new Optimizer().optimize(g);
        ExecutionGraph result = g;
        if (target != null) {
            target.writeText(w -> write(result, w));
        } else {
            PrintWriter w = spec.commandLine().getOut();
            write(result, w);
            w.flush();
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("graph: " + g.methods().size() + " methods, " + generated + " vertices generated"
                + (stats == null ? "" : ", " + g.vertexCount() + " after " + stats.passes() + " PASS, " + stats.merges() + " MERGE and "
                    + stats.branches() + " branch eliminations") + ", " + g.edgeCount() + " edges");
        err.flush();
        return 0;
    }

    private void write(ExecutionGraph g, PrintWriter w) throws java.io.IOException {
        if (dot) DotWriter.write(g, w);
        else EgraphFile.write(g, w);
    }
}
