package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.extrapolate.Accuracy;
import dev.wholetrace.simulate.tx.extrapolate.Extrapolator;
import dev.wholetrace.simulate.tx.extrapolate.TraceAxioms;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.interp.TraceFile;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wholetrace tx extrapolate}: a source execution on one machine, extrapolated to another, with its accuracy measures. */
@Command(name = "extrapolate", mixinStandardHelpOptions = true,
        description = {"Run the program on the --source machine and extrapolate that execution to the --target machine (§11, "
                + "over S_PATT^A: every thread keeps its source pattern, the target machine decides interleaving, lock order and "
                + "time). Prints the feasibility distance (out-of-order lock acquisitions), the likely measure (suspect TCP instances "
                + "per TCP), the representative measure and the predicted time; --compare also runs the program directly on the "
                + "target and reports the correspondence distance, lock-order agreement and simulated time; --trace prints the target trace."},
        footer = {"",
                "Examples:",
                "  wholetrace tx extrapolate docs/examples/tx/fig39.tx --input 0 \\",
                "      --source docs/examples/tx/machine-a.properties \\",
                "      --target docs/examples/tx/machine-b.properties --compare",
                "  wholetrace tx extrapolate docs/examples/tx/fig14.tx \\",
                "      --target docs/examples/tx/machine-b.properties --trace --format json",
                "  # Figure 10 (structured; its intermediate twin fig11.tx is not extrapolated)",
                "  wholetrace tx extrapolate docs/examples/tx/fig10.tx --seed 2 \\",
                "      --target docs/examples/tx/machine-b.properties --compare",
                "  # an execution saved by tx run -o (see tx run --help)",
                "  wholetrace tx extrapolate docs/examples/tx/counter.tx --input 20 \\",
                "      --source-trace a.txtrace --target docs/examples/tx/machine-b.properties"})
public final class TxExtrapolateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TxInputs in;

    @Option(names = "--source", paramLabel = "FILE", description = "machine the source execution runs on (default: 4 processors, random scheduling)")
    Path source;

    @Option(names = "--target", paramLabel = "FILE", required = true, description = "machine to extrapolate to")
    Path target;

    @Option(names = "--seed", paramLabel = "S", description = "seed of the source run (overrides the source machine's)")
    Long seed;

    @Option(names = "--source-trace", paramLabel = "FILE.txtrace", description = "the source execution from a file saved by tx run -o, instead of running it on --source")
    Path sourceTrace;

    @Option(names = "--compare", description = "also run directly on the target machine and compare")
    boolean compare;

    @Option(names = "--trace", description = "print the extrapolated target trace")
    boolean trace;

    @Override
    public Integer call() throws Exception {
        boolean json = in.json();
        Program p = in.program();
        Code c = in.code(p);
        if (sourceTrace != null && (source != null || seed != null)) throw new IllegalArgumentException("the source execution comes from --source-trace or from --source/--seed, not both");
        MachineModel a = TxInputs.machine(source, null, seed), b = TxInputs.machine(target, null, null);
        TcpSets sets;
        Accuracy acc;
        String sourceName = a.name();
        try {
            sets = SvdAnalysis.worklist(p);
            if (sourceTrace != null) {
                TraceFile.Saved saved = in.savedTrace(sourceTrace, p);
                sourceName = saved.machine() + " (" + sourceTrace + ")";
                acc = Accuracy.measure(c, sets, saved.trace(), b, in.input, in.maxInstructions);
            } else {
                acc = Accuracy.measure(c, sets, a, b, in.input, in.maxInstructions);
            }
        } catch (TxException e) {
            throw in.failed(e);
        }
        Extrapolator.Result r = acc.extrapolation();
        List<String> axioms = TraceAxioms.check(p, r.target());
        if (!axioms.isEmpty()) throw new IllegalStateException("the extrapolated trace violates " + axioms.get(0));
        PrintWriter out = spec.commandLine().getOut();
        String[] names = p.names();
        String[] display = p.displayNames(); // a statement named alike in several thread bodies (Figure 10's D) says which
        Trace t = r.target();
        if (json) {
            StringBuilder j = new StringBuilder("{\"program\":").append(Json.str(p.name())).append(",\"source\":").append(Json.str(sourceName)).append(",\"target\":")
                    .append(Json.str(b.name())).append(",\"events\":").append(t.size()).append(",\"fdist\":").append(r.fdist()).append(",\"lockAcquisitions\":")
                    .append(r.lockAcquisitions()).append(",\"tcpInstances\":").append(r.instances()).append(",\"suspectTcpInstances\":").append(r.suspectInstances())
                    .append(",\"tlength\":").append(r.tlength()).append(",\"maxlength\":").append(r.maxlength()).append(",\"representative\":")
                    .append(Json.num(r.representative())).append(",\"sourceCycles\":").append(r.sourceCycles()).append(",\"predictedCycles\":").append(r.targetCycles());
            j.append(",\"likely\":[");
            int k = 0;
            for (int s = 0; s < names.length; s++) {
                if (r.tcpInstances()[s] == 0) continue;
                j.append(k++ > 0 ? "," : "").append("{\"tcp\":").append(Json.str(display[s])).append(",\"instances\":").append(r.tcpInstances()[s])
                        .append(",\"suspect\":").append(r.tcpSuspect()[s]).append('}');
            }
            j.append(']');
            if (compare) {
                j.append(",\"compare\":{\"simulatedCycles\":").append(acc.simulatedCycles()).append(",\"regions\":").append(acc.regions())
                        .append(",\"levenshtein\":").append(acc.levenshtein()).append(",\"lockOrderAgreement\":").append(Json.num(acc.lockOrderAgreement()))
                        .append(",\"lockPairAgreement\":").append(Json.num(acc.lockPairAgreement())).append('}');
            }
            if (trace) {
                j.append(",\"trace\":[");
                for (int e = 0; e < t.size(); e++) {
                    j.append(e > 0 ? "," : "").append("{\"t\":").append(t.start(e)).append(",\"thread\":").append(t.thread(e)).append(",\"stmt\":")
                            .append(Json.str(names[t.stmt(e)])).append(",\"value\":").append(t.value(e)).append('}');
                }
                j.append(']');
            }
            out.println(j.append('}'));
        } else {
            out.println(p.name() + ": source on " + sourceName + " (" + r.sourceCycles() + " cycles), target " + b.name() + " (predicted " + r.targetCycles()
                    + " cycles), " + t.size() + " events");
            out.println("feasibility distance: " + r.fdist() + " of " + r.lockAcquisitions() + " lock acquisitions out of the source's order");
            out.println("likely: " + r.suspectInstances() + " of " + r.instances() + " TCP instances suspect");
            int width = 8;
            for (int s = 0; s < names.length; s++) if (r.tcpInstances()[s] > 0) width = Math.max(width, display[s].length());
            for (int s = 0; s < names.length; s++) {
                if (r.tcpInstances()[s] > 0) out.printf("  %-" + width + "s %d instances, %d suspect%n", display[s], r.tcpInstances()[s], r.tcpSuspect()[s]);
            }
            out.printf("representative: %d / %d instructions = %.3f%n", r.tlength(), r.maxlength(), r.representative());
            if (compare) {
                out.println("direct simulation on the target: " + acc.simulatedCycles() + " cycles (predicted " + r.targetCycles() + "), " + acc.regions()
                        + " divergent regions, Levenshtein " + acc.levenshtein() + String.format(", lock order agreement %.3f (consecutive pairs %.3f)", acc.lockOrderAgreement(), acc.lockPairAgreement()));
            }
            if (trace) for (int e = 0; e < t.size(); e++) out.printf("%8d  t%-3d %-8s %6d%n", t.start(e), t.thread(e), names[t.stmt(e)], t.value(e));
        }
        out.flush();
        return 0;
    }
}
