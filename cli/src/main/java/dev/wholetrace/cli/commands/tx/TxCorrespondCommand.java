package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.correspond.ComputeM;
import dev.wholetrace.simulate.tx.correspond.Region;
import dev.wholetrace.simulate.tx.correspond.TraceEvents;
import dev.wholetrace.simulate.tx.interp.Interpreter;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wholetrace tx correspond}: Compute_M on two executions, their divergent regions and distances. */
@Command(name = "correspond", mixinStandardHelpOptions = true,
        description = {"Run the program twice (machines A and B, or one machine with two seeds) and correspond the two executions "
                + "with Compute_M (§10): each divergent region (the TCP, its instance, the events each execution ran until the CP) "
                + "with its Hamming and Levenshtein distances."},
        footer = {"",
                "Examples:",
                "  wholetrace tx correspond docs/examples/tx/fig14.tx --seed-a 1 --seed-b 4",
                "  wholetrace tx correspond docs/examples/tx/fig39.tx --input 0 \\",
                "      --machine-a docs/examples/tx/machine-a.properties \\",
                "      --machine-b docs/examples/tx/machine-b.properties --format json",
                "  # two executions saved by tx run -o (see tx run --help)",
                "  wholetrace tx correspond docs/examples/tx/counter.tx \\",
                "      --trace-a a.txtrace --trace-b b.txtrace"})
public final class TxCorrespondCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TxInputs in;

    @Option(names = "--machine-a", paramLabel = "FILE", description = "machine of execution A (default: 4 processors, random scheduling)")
    Path machineA;

    @Option(names = "--machine-b", paramLabel = "FILE", description = "machine of execution B (default: machine A's)")
    Path machineB;

    @Option(names = "--seed-a", paramLabel = "S", description = "seed of execution A (overrides its machine's)")
    Long seedA;

    @Option(names = "--seed-b", paramLabel = "S", description = "seed of execution B (overrides its machine's)")
    Long seedB;

    @Option(names = "--trace-a", paramLabel = "FILE.txtrace", description = "execution A from a file saved by tx run -o, instead of running it")
    Path traceA;

    @Option(names = "--trace-b", paramLabel = "FILE.txtrace", description = "execution B from a file saved by tx run -o, instead of running it")
    Path traceB;

    @Override
    public Integer call() throws Exception {
        boolean json = in.json();
        Program p = in.program();
        Code c = in.code(p);
        if (traceA != null && (machineA != null || seedA != null) || traceB != null && (machineB != null || seedB != null)) {
            throw new IllegalArgumentException("an execution comes from --trace-a/--trace-b or from a machine and seed, not both");
        }
        MachineModel a = TxInputs.machine(machineA, null, seedA), b = TxInputs.machine(machineB != null ? machineB : machineA, null, seedB);
        TcpSets sets;
        Trace ta, tb;
        try {
            sets = SvdAnalysis.worklist(p);
            ta = traceA != null ? in.savedTrace(traceA, p).trace() : new Interpreter(c, a, in.maxInstructions).run(in.input).trace();
            tb = traceB != null ? in.savedTrace(traceB, p).trace() : new Interpreter(c, b, in.maxInstructions).run(in.input).trace();
        } catch (TxException e) {
            throw in.failed(e);
        }
        List<Region> regions = new ArrayList<>();
        long[] reads = {0};
        ComputeM.Result r = new ComputeM(sets).correspond(TraceEvents.of(ta, reads), TraceEvents.of(tb, reads), regions::add);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            StringBuilder j = new StringBuilder("{\"program\":").append(Json.str(p.name())).append(",\"eventsA\":").append(ta.size()).append(",\"eventsB\":")
                    .append(tb.size()).append(",\"eventsRead\":").append(reads[0]).append(",\"matched\":").append(r.matched).append(",\"tcpInstances\":")
                    .append(r.tcpInstances).append(",\"hamming\":").append(r.hamming).append(",\"levenshtein\":").append(r.exact ? r.levenshtein : -1)
                    .append(",\"regions\":[");
            for (int i = 0; i < regions.size(); i++) {
                Region g = regions.get(i);
                j.append(i > 0 ? "," : "").append("{\"thread\":").append(Json.str(g.threadA())).append(",\"tcp\":").append(Json.str(g.tcp()))
                        .append(",\"instance\":").append(g.instance()).append(",\"a\":").append(Json.strings(g.a())).append(",\"b\":").append(Json.strings(g.b()))
                        .append(",\"hamming\":").append(g.hamming()).append(",\"levenshtein\":").append(g.levenshtein()).append('}');
            }
            out.println(j.append("]}"));
        } else {
            out.println(p.name() + ": A " + ta.size() + " events, B " + tb.size() + " events, read " + reads[0] + "; " + r.matched + " corresponded, "
                    + r.tcpInstances + " TCP instances, " + r.regions + " divergent regions, Hamming " + r.hamming + ", Levenshtein "
                    + (r.exact ? Long.toString(r.levenshtein) : "(a region over " + ComputeM.REGION_CAP + " events)"));
            for (Region g : regions) {
                out.println("  " + g.threadA() + " " + g.tcp() + " (event " + g.instance() + "): A [" + String.join(" ", g.a()) + "] B ["
                        + String.join(" ", g.b()) + "] Hamming " + g.hamming() + " Levenshtein " + g.levenshtein());
            }
        }
        out.flush();
        return 0;
    }
}
