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
import dev.wholetrace.simulate.egraph.GraphLimits;
import dev.wholetrace.simulate.egraph.JdkBodies;
import dev.wholetrace.simulate.egraph.Optimizer;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
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
                    + "vertices without changing any simulated time. Format: docs/egraph.md.",
                "",
                "A call into a class not given (neither CLASSES nor --classpath) costs one invoke; the JDK's are costed by the "
                    + "machine model. A lambda handed to the JDK that calls it back (streams, forEach, computeIfAbsent) runs "
                    + "where it is handed over. The command warns on standard error about calls into other libraries, and about "
                    + "methods that only code outside the given classes calls (a lambda kept in a variable first, a method "
                    + "reference, a callback registered with a library), which no simulated thread runs."},
        footer = {"", "Examples:",
                "  wholetrace graph workloads/target/classes --entry dev.wholetrace.workloads.kernels.Sor -o sor.egraph",
                "  wholetrace graph app.jar --entry com.example.Main --format dot | dot -Tsvg > app.svg",
                "  wholetrace graph target/classes --entry com.example.Main --classpath lib/h2.jar:lib/HikariCP.jar -o app.egraph",
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

    @Option(names = "--classpath", split = ":", paramLabel = "PATH",
            description = "the program's libraries (jars and class directories, ':'-separated): calls into them are followed "
                + "instead of costing one invoke each")
    List<Path> classpath = new ArrayList<>();

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

    @Option(names = "--jdk-depth", paramLabel = "N", defaultValue = "" + JdkBodies.DEFAULT_DEPTH,
            description = "price a call into the JDK by the JDK's own bytecode, following its calls N levels deep, at most " + JdkBodies.MAX_DEPTH + " (default: ${DEFAULT-VALUE}; "
                + "0: each such call costs calibrate's one average JDK price, as graphs before session 40 did)")
    int jdkDepth;

    @Option(names = "--no-optimize", description = "keep every vertex as generated (no PASS, MERGE or branch elimination)")
    boolean noOptimize;

    @Mixin
    ForceOption force;

    @Override
    public Integer call() throws Exception {
        OutputFormat outputFormat = FORMATS.writer(format.resolve(FORMATS, dot, "--dot", DOT));
        OutputFile target = out == null ? null : OutputFile.check(out, force.force(), input);
        ExecutionGraph g;
        GraphLimits limits;
        List<String> unreadable;
        Optimizer.Stats stats = null;
        JdkBodies jdk;
        if (jdkDepth < 0 || jdkDepth > JdkBodies.MAX_DEPTH) throw new FormatException("--jdk-depth must be 0 to " + JdkBodies.MAX_DEPTH + ", not " + jdkDepth);
        try {
            ClassSource.Program program = ClassSource.read(input, classpath);
            unreadable = program.unreadable();
            jdk = JdkBodies.running(jdkDepth);
            GraphBuilder builder = new GraphBuilder(program, jdk);
            g = builder.build(entry);
            limits = builder.limits();
        } catch (EgraphException e) {
            throw new FormatException(e.getMessage());
        }
        int generated = g.vertexCount();
        if (!noOptimize) stats = new Optimizer().optimize(g);
        ExecutionGraph result = g;
        List<String> notes = List.of(jdkPricing(jdk));
        if (target != null) {
            target.writeText(w -> write(result, outputFormat, notes, w));
        } else {
            PrintWriter w = spec.commandLine().getOut();
            write(result, outputFormat, notes, w);
            w.flush();
        }
        PrintWriter err = spec.commandLine().getErr();
        err.println("graph: " + g.methods().size() + " methods, " + generated + " vertices generated"
                + (stats == null ? "" : ", " + g.vertexCount() + " after " + stats.passes() + " PASS, " + stats.merges() + " MERGE and "
                    + stats.branches() + " branch eliminations") + ", " + g.edgeCount() + " edges");
        if (!unreadable.isEmpty()) {
            err.println("graph: warning: " + count(unreadable.size(), "class") + " of --classpath could not be read and " + (unreadable.size() == 1 ? "is" : "are")
                    + " left out (" + examples(unreadable) + ")");
        }
        if (jdk != null) err.println("graph: " + jdkPricing(jdk));
        warnLimits(limits, err);
        err.flush();
        return 0;
    }

    /** Says what the graph leaves out, so that a user does not take a prediction of part of the program for the whole. */
    private static void warnLimits(GraphLimits limits, PrintWriter err) {
        if (!limits.outsideCalls().isEmpty()) {
            err.println("graph: warning: " + count(limits.outsideCallSites(), "call site") + " into " + count(limits.outsideCalls().size(), "method")
                    + " of classes not given cost one invoke each (" + examples(limits.outsideCalls().entrySet().stream()
                        .map(e -> e.getKey().replace('/', '.') + (e.getValue() > 1 ? " x" + e.getValue() : "")).toList())
                    + "): add their jars with --classpath");
        }
        if (!limits.neverRun().isEmpty()) {
            err.println("graph: warning: no simulated thread runs " + count(limits.neverRun().size(), "method") + " of the graph ("
                    + examples(limits.neverRun().stream().map(GraphCommand::shortId).toList())
                    + "): code outside the given classes calls them (a lambda kept in a variable, a method reference, "
                    + "a callback registered with a library), and the simulation does not see it");
        }
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : noun.endsWith("s") ? "es" : "s");
    }

    private static String examples(List<String> items) {
        int shown = Math.min(3, items.size());
        return String.join(", ", items.subList(0, shown)) + (items.size() > shown ? ", … " + (items.size() - shown) + " more" : "");
    }

    private static String shortId(String methodId) {
        int paren = methodId.indexOf('(');
        return (paren < 0 ? methodId : methodId.substring(0, paren)).replace('/', '.');
    }

    /** How the graph prices calls into the JDK: printed, and kept in the .egraph file as a comment (a graph made on another JDK prices them by that JDK's code). */
    private String jdkPricing(JdkBodies jdk) {
        return jdk == null ? "calls into the JDK priced as one jdk instruction each (--jdk-depth " + jdkDepth + ")"
                : "calls into the JDK priced by the bytecode of JDK " + jdk.jdkVersion() + " (" + jdk.methodsRead() + " method bodies read, " + jdkDepth + " levels deep)";
    }

    private static void write(ExecutionGraph g, OutputFormat format, List<String> notes, PrintWriter w) throws java.io.IOException {
        if (format == DOT) DotWriter.write(g, w);
        else if (format == EGRAPH) EgraphFile.write(g, notes, w);
        else GraphJson.write(g, w);
    }
}
