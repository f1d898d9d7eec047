package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.Main;
import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.FinishedTrace;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.cli.process.SignalForwarding;
import dev.wholetrace.cli.term.Terminal;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.recorder.AgentOptions;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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

/**
 * {@code wholetrace record -o FILE -- java ...}: runs a Java program with the agent. The program
 * inherits stdin, stdout and stderr, and its exit code becomes ours. The output is checked before
 * the program starts (a program that ran untraced because the trace could not be written would be
 * a silent loss), and SIGINT, SIGTERM and SIGHUP sent to this command are passed on to the program.
 */
@Command(name = "record", mixinStandardHelpOptions = true,
        description = {"Run a Java program under the Wholetrace agent and record its execution.",
                "",
                "Everything after -- is the program's command line; its first word must be a java "
                    + "launcher (java, or a path to one). The agent is inserted as -javaagent right after it. "
                    + "The program's input, output and exit code pass through unchanged. JDK classes are not "
                    + "instrumented; --include/--exclude choose the classes whose accesses are checked, as dotted "
                    + "class-name patterns with * wildcards, several separated by ':'. The other classes' sync "
                    + "operations (threads, locks, volatiles) are still recorded, so that restricting the recording "
                    + "does not make the checked code's accesses look unordered.",
                "",
                "The trace file is checked before the program starts: its directory must be writable, and an "
                    + "existing file is replaced only with --force (never a directory or a device). SIGINT, SIGTERM "
                    + "and SIGHUP sent to this command are passed on to the program, which then finishes its trace; "
                    + "the exit code is the program's (128+N if signal N killed it), or 1 if the program succeeded but "
                    + "no trace was written. After a normal exit the trace is re-packed with the strongest codec "
                    + "(as 'wholetrace recompress' does): the agent seals each second's chunk with a fast one so that a "
                    + "crash loses little. A STRATA recording's streams then store the stratum layers that pack smallest per chunk: "
                    + "at most --strata-layers (default 4; 0: the paths only), with at most --strata-memory of layer tables built "
                    + "while choosing (a layer beyond it is given up, and a line and 'stats' say so; docs/strata.md).",
                "",
                "Standard output is the program's. Once the trace is final, one summary line (file, size, mode, threads, chunks) "
                    + "goes to standard error when it is a terminal; --format json writes it always, as one JSON object on the last "
                    + "line of standard error."},
        footer = {"", "Examples:",
                "  wholetrace record -o app.wtrace -- java -jar app.jar input.txt",
                "  wholetrace record -o run.wtrace --include 'app.*' -- java -cp app.jar app.Main",
                "  wholetrace record -o run.wtrace --force -- java -jar app.jar    # replace run.wtrace",
                "  wholetrace record -o run.wtrace --mode strata -- java -jar app.jar   # control flow stored as strata",
                "  wholetrace record -o first.wtrace --mode cdr -- java -jar app.jar   # then, the eWPP with its filtering phase:",
                "  wholetrace record -o run.wtrace --mode ewpp --filter-from first.wtrace -- java -jar app.jar",
                "  wholetrace record -o run.wtrace --no-recompress -- java -jar app.jar   # skip the re-pack after the exit",
                "  wholetrace record -o run.wtrace --grammar enhanced --window 65536 -- java -jar app.jar   # frequency-ordered SEQUITUR",
                "  wholetrace record -o run.wtrace --mode strata --events 4000000 -- java -jar app.jar   # a chunk per 4 M events, not per second",
                "  wholetrace record -o run.wtrace --mode strata --strata-layers 2 --strata-memory 64m -- java -jar app.jar   # at most 2 layers, 64 MiB of layer tables",
                "  wholetrace record -o 'run-%%p.wtrace' -- java -jar runner.jar   # %%p: each JVM's pid, for programs that fork JVMs",
                "  wholetrace record -o run.wtrace --format json -- java -jar app.jar 2>err.txt; tail -1 err.txt   # the summary, for a script",
                "",
                "Equivalent without this command:",
                "  java -javaagent:agent/target/wholetrace-agent.jar=out=a.wtrace -jar app.jar"})
public final class RecordCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE",
            description = "the trace to write (.wtrace); %%p in it is the pid of the JVM that records (%%%% a %%): "
                    + "JVMs the program forks with the same -javaagent write their own; a JVM that finds its file being "
                    + "recorded by another writes NAME-PID.wtrace instead and says so")
    Path out;

    @Option(names = "--mode", defaultValue = "cor", paramLabel = "MODE",
            description = "cor, dor, cdr, all, strata or ewpp (default: ${DEFAULT-VALUE}); every mode records the blocks and the sync operations "
                    + "(locks, monitors, volatiles, class initialization, thread, task and JDK hand-overs: docs/agent.md); "
                    + "dor, cdr and all also record each field, array element and collection element load and store "
                    + "with its address; strata records what cor does, stored as cyclic paths, trip counts and layer-0 "
                    + "strata (docs/strata.md); ewpp records cdr's control flow without addresses and, per load, the signature of "
                    + "a dependence check from which 'wholetrace deps' recovers every store-to-load dependence (docs/ewpp.md)")
    String mode;

    @Option(names = "--include", paramLabel = "PATTERNS", description = "check only these classes (the others' sync operations are still recorded)")
    String include;

    @Option(names = "--exclude", paramLabel = "PATTERNS", description = "do not check these classes (their sync operations are still recorded)")
    String exclude;

    @Option(names = "--agent", paramLabel = "JAR", description = "the agent jar (default: found next to this build, or $WHOLETRACE_AGENT)")
    Path agent;

    @Option(names = "--grammar", defaultValue = "sequitur", paramLabel = "ALGORITHM", converter = GrammarAlgorithmConverter.class,
            completionCandidates = GrammarAlgorithmConverter.class,
            description = "the algorithm the agent builds every grammar with: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); "
                    + "enhanced and repair are offline, holding 12 to 16 bytes per event of a chunk: while recording prefer "
                    + "--grammar enhanced --window N")
    GrammarAlgorithm grammar;

    @Mixin
    GrammarWindowOption window;

    @Mixin
    ChunkEventsOption events;

    @Mixin
    ForceOption force;

    @Mixin
    EwppFilterOption filter;

    @Mixin
    StrataLayerOptions strataLayers;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return CommandSummary.FORMATS;
    }

    @Option(names = "--no-recompress", negatable = false,
            description = "keep the trace as the agent sealed it (fast codec, larger) instead of re-packing it after the program exited")
    boolean noRecompress;

    @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "java and its arguments")
    List<String> command;

    @Override
    public Integer call() throws Exception {
        OutputFormat summaryFormat = format.resolve(CommandSummary.FORMATS); // a wrong --format fails before the program runs
        String java = command.get(0);
        String base = Path.of(java).getFileName().toString();
        if (!base.equals("java") && !base.equals("java.exe")) {
            throw new IllegalArgumentException("the command must start with a java launcher, not '" + java + "'");
        }
        OutputFile.checkWritableInPlace(out, force.force());
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        TraceMode traceMode = TraceMode.parse(mode);
        strataLayers.onlyWhere(traceMode == TraceMode.STRATA && !noRecompress, "go with --mode strata, without --no-recompress "
                + "(they limit the layer search of the rewrite after the program exited)");
        StrataLayerLimits limits = strataLayers.limits(); // a bad value fails before the program runs
        AgentOptions options = filter.apply(events.apply(AgentOptions.of(out, traceMode)).withInclude(include).withExclude(exclude)
                .withGrammar(grammar == GrammarAlgorithm.DEFAULT && window.window == null ? null : window.apply(grammar)), traceMode, spec.commandLine().getErr());
        cmd.add(options.javaagent(BuildJars.agentJar(agent, "--agent")));
        cmd.addAll(command.subList(1, command.size()));
        Process p;
        try {
            p = new ProcessBuilder(cmd).inheritIO().start();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot run " + java + ": " + e.getMessage());
        }
        int exit;
        try (SignalForwarding forwarding = SignalForwarding.to(p)) {
            exit = p.waitFor();
        }
        Path trace = AgentOptions.expandOut(out, p.pid()); // the launched JVM's trace; forked ones write their own
        if (!Files.isRegularFile(trace) || Files.size(trace) == 0) {
            // The agent could not write (it said why above): a success without its trace is not one.
            PrintWriter err = spec.commandLine().getErr();
            err.println("wholetrace: " + trace + ": no trace after the program exited (the agent's messages, if any, are above)");
            err.flush();
            return exit == 0 ? Main.IO_ERROR : exit;
        }
        if (!noRecompress) FinishedTrace.repack(trace, limits, spec.commandLine().getErr());
        // A person is watching, or a script asked for JSON; otherwise scripts get no extra line.
        if (Terminal.stderr() || !CommandSummary.isText(summaryFormat)) { // the line goes to stderr
            CommandSummary summary = FinishedTrace.describe(trace);
            if (summary != null) summary.put("exit", exit).write(summaryFormat, spec.commandLine().getErr());
        }
        return exit;
    }
}
