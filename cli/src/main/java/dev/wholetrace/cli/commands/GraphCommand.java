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
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
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
                "  wholetrace graph app.jar --entry com.example.Main --format dot | dot -Tsvg > app.svg",
                "  wholetrace graph app.jar --entry com.example.Main --format json | jq '.methods[].id'"})
public final class GraphCommand implements Callable<Integer>, FormatOption.Formatted {
    static final OutputFormat EGRAPH = new OutputFormat("egraph", List.of(), "the graph file, for 'wholetrace simulate' (the default; docs/egraph.md)");
    static final OutputFormat DOT = new OutputFormat("dot", List.of(), "Graphviz DOT, to draw it");
    static final FormatRegistry<OutputFormat> FORMATS = new FormatRegistry<OutputFormat>("graph")
            .register(EGRAPH, EGRAPH).register(DOT, DOT).register(OutputFormat.JSON, OutputFormat.JSON);

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CLASSES", description = "the program's classes: a jar or a directory of .class files")
    Path input;

    @Option(names = "--entry", required = true, paramLabel = "CLASS", description = "the class whose main(String[]) the program starts in")
    String entry;

    @Option(names = {"-o", "--out"}, paramLabel = "OUT", description = "write here instead of standard output (an existing file only with --force)")
    Path out;

    @Option(names = "--dot", description = "deprecated alias of --format dot (removed after the next release)")
    boolean dot;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return FORMATS;
    }

    @Option(names = "--no-optimize", description = "keep every vertex as generated (no PASS, MERGE or branch elimination)")
    boolean noOptimize;

    @Mixin
    ForceOption force;

    @Override
    public Integer call() throws Exception {
        OutputFormat outputFormat = FORMATS.writer(format.resolve(FORMATS, dot, "--dot", DOT));
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
            target.writeText(w -> write(result, outputFormat, w));
        } else {
            PrintWriter w = spec.commandLine().getOut();
            write(result, outputFormat, w);
            w.flush();
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("graph: " + g.methods().size() + " methods, " + generated + " vertices generated"
                + (stats == null ? "" : ", " + g.vertexCount() + " after " + stats.passes() + " PASS, " + stats.merges() + " MERGE and "
                    + stats.branches() + " branch eliminations") + ", " + g.edgeCount() + " edges");
        err.flush();
        return 0;
    }

    private static void write(ExecutionGraph g, OutputFormat format, PrintWriter w) throws java.io.IOException {
        if (format == DOT) DotWriter.write(g, w);
        else if (format == EGRAPH) EgraphFile.write(g, w);
        else GraphJson.write(g, w);
    }
}
