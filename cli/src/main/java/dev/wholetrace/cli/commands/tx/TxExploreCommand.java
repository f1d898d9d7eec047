package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.tx.interp.Explorer;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wholetrace tx explore}: every interleaving, up to a bound; the distinct patterns found. */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = {"Enumerate the program's executions under sequential consistency (every interleaving of shared-memory, lock "
                + "and task operations; thread-local instructions do not branch) up to --max-executions, and print each distinct "
                + "pattern (per-thread statement sequences, §2.1)."},
        footer = {"",
                "Examples:",
                "  wholetrace tx explore docs/examples/tx/fig04.tx",
                "  wholetrace tx explore docs/examples/tx/fig14.tx --format json",
                "  wholetrace tx explore docs/examples/tx/fig11.tx --max-executions 500"})
public final class TxExploreCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TxInputs in;

    @Option(names = "--max-executions", defaultValue = "100000", paramLabel = "N", description = "stop after N executions (default: ${DEFAULT-VALUE})")
    int maxExecutions;

    @Override
    public Integer call() throws Exception {
        boolean json = in.json();
        if (maxExecutions < 1) throw new IllegalArgumentException("--max-executions must be at least 1, not " + maxExecutions);
        Program p = in.program();
        Explorer.Result r;
        try {
            r = new Explorer(in.code(p), maxExecutions, in.maxInstructions).explore(in.input);
        } catch (TxException e) {
            throw in.failed(e);
        }
        String[] names = p.names();
        PrintWriter out = spec.commandLine().getOut();
        List<List<String>> patterns = new ArrayList<>();
        for (Trace t : r.traces()) {
            List<String> threads = new ArrayList<>();
            for (int th = 0; th < t.threads(); th++) {
                StringBuilder b = new StringBuilder();
                for (int e : t.perThread(th)) {
                    if (b.length() > 0) b.append(' ');
                    b.append(names[t.stmt(e)]);
                    if (t.value(e) != 0) b.append('=').append(t.value(e));
                }
                threads.add(b.toString());
            }
            patterns.add(threads);
        }
        if (json) {
            StringBuilder b = new StringBuilder("{\"program\":").append(Json.str(p.name())).append(",\"executions\":").append(r.executions())
                    .append(",\"complete\":").append(r.complete()).append(",\"deadlocks\":").append(r.deadlocks()).append(",\"patterns\":[");
            for (int i = 0; i < patterns.size(); i++) b.append(i > 0 ? "," : "").append(Json.strings(patterns.get(i)));
            out.println(b.append("]}"));
        } else {
            out.println(p.name() + ": " + r.executions() + " executions" + (r.complete() ? " (all)" : " (stopped at --max-executions)") + ", "
                    + patterns.size() + " patterns" + (r.deadlocks() > 0 ? ", " + r.deadlocks() + " deadlocked" : ""));
            for (int i = 0; i < patterns.size(); i++) {
                out.println("pattern " + (i + 1) + ":");
                for (int th = 0; th < patterns.get(i).size(); th++) out.println("  thread " + th + ": " + patterns.get(i).get(th));
            }
        }
        out.flush();
        return 0;
    }
}
