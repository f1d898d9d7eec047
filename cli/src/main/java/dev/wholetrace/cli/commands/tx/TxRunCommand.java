package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.interp.Interpreter;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.interp.TraceFile;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wholetrace tx run}: one execution on a simulated machine, as an interleaved or per-thread trace. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a program on a simulated multiprocessor and print its trace: one event (statement instance) a line, "
                + "in start-time order (--threads: grouped by thread, the execution's graph).",
                "Columns: start cycle, thread, statement, value (the array index an array reference used), instructions."},
        footer = {"",
                "Examples:",
                "  wholetrace tx run docs/examples/tx/fig04.tx --procs 2",
                "  wholetrace tx run docs/examples/tx/fig39.tx --input 0 \\",
                "      --machine docs/examples/tx/machine-a.properties --seed 3",
                "  wholetrace tx run docs/examples/tx/fig14.tx --threads --format json",
                "  # save two executions for tx correspond and tx extrapolate",
                "  wholetrace tx run docs/examples/tx/counter.tx --input 20 \\",
                "      --seed 3 -o a.txtrace",
                "  wholetrace tx run docs/examples/tx/counter.tx --input 20 \\",
                "      --seed 9 -o b.txtrace"})
public final class TxRunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TxInputs in;

    @Option(names = "--machine", paramLabel = "FILE", description = "machine file (docs/machine-model.md; default: 4 processors, random scheduling)")
    Path machine;

    @Option(names = "--procs", paramLabel = "N", description = "processors (overrides the machine file)")
    Integer procs;

    @Option(names = "--seed", paramLabel = "S", description = "seed of the random scheduling (overrides the machine file)")
    Long seed;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.txtrace",
            description = "save the execution as a trace file (docs/tx.md, \"Trace files\") for tx correspond/extrapolate instead of printing it")
    Path output;

    @Mixin
    ForceOption force;

    @Option(names = "--threads", description = "group the events by thread (the execution's graph, Definition 5.4)")
    boolean threads;

    @Override
    public Integer call() throws Exception {
        boolean json = in.json();
        Program p = in.program();
        Code c = in.code(p);
        MachineModel m = TxInputs.machine(machine, procs, seed);
        Interpreter.Result r;
        try {
            r = new Interpreter(c, m, in.maxInstructions).run(in.input);
        } catch (TxException e) {
            throw in.failed(e);
        }
        Trace t = r.trace();
        String[] names = p.names();
        PrintWriter out = spec.commandLine().getOut();
        if (output != null) {
            OutputFile target = OutputFile.check(output, force.force(), in.file);
            long bytes = target.write(tmp -> {
                try (java.io.Writer w = java.nio.file.Files.newBufferedWriter(tmp, java.nio.charset.StandardCharsets.UTF_8)) {
                    TraceFile.write(t, p, m.name(), w);
                }
                return java.nio.file.Files.size(tmp);
            });
            out.println(output + ": " + t.size() + " events of " + t.threads() + " threads, " + r.cycles() + " cycles on " + m.name() + " (" + bytes + " bytes)");
            out.flush();
            return 0;
        }
        int[] order = new int[t.size()];
        int k = 0;
        if (threads) {
            for (int th = 0; th < t.threads(); th++) for (int e : t.perThread(th)) order[k++] = e;
        } else for (int e = 0; e < t.size(); e++) order[k++] = e;
        if (json) {
            StringBuilder b = new StringBuilder("{\"program\":").append(Json.str(p.name())).append(",\"machine\":").append(Json.str(m.name()))
                    .append(",\"cycles\":").append(r.cycles()).append(",\"instructions\":").append(t.instructions()).append(",\"output\":")
                    .append(r.output()).append(",\"events\":[");
            for (int i = 0; i < order.length; i++) {
                int e = order[i];
                if (i > 0) b.append(',');
                b.append("{\"t\":").append(t.start(e)).append(",\"thread\":").append(t.thread(e)).append(",\"stmt\":").append(Json.str(names[t.stmt(e)]))
                        .append(",\"value\":").append(t.value(e)).append(",\"instructions\":").append(t.instructions(e)).append('}');
            }
            out.println(b.append("]}"));
        } else {
            out.println("# " + p.name() + " on " + m.name() + ": " + t.size() + " events, " + t.instructions() + " instructions, " + r.cycles()
                    + " cycles" + (r.output().isEmpty() ? "" : ", output " + r.output()));
            for (int e : order) out.printf("%8d  t%-3d %-8s %6d %3d%n", t.start(e), t.thread(e), names[t.stmt(e)], t.value(e), t.instructions(e));
        }
        out.flush();
        return 0;
    }
}
