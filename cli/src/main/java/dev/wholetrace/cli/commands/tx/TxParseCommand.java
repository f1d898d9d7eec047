package dev.wholetrace.cli.commands.tx;

import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Instr;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.Validator;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wholetrace tx parse}: checks a program and shows its statements with their instruction counts. */
@Command(name = "parse", mixinStandardHelpOptions = true,
        description = {"Parse and check a program (A1, A2, Restrictions 1-2); list each statement with the instructions it lowers to.",
                "A program in the intermediate form (goto, test-and-set) is reported as such: run, explore, tcp and correspond accept it, "
                + "extrapolate needs the structured form."},
        footer = {"",
                "Examples:",
                "  wholetrace tx parse docs/examples/tx/fig14.tx",
                "  wholetrace tx parse docs/examples/tx/fig11.tx --lowered",
                "  # Figure 10, the C-style for loop",
                "  wholetrace tx parse docs/examples/tx/fig10.tx --lowered",
                "  wholetrace tx parse docs/examples/tx/fig04.tx --format json"})
public final class TxParseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TxInputs in;

    @Option(names = "--lowered", description = "also list the lowered instructions of each thread body")
    boolean lowered;

    @Override
    public Integer call() throws Exception {
        boolean json = in.json();
        Program p = in.program();
        Code c = in.code(p);
        List<String> notes = new ArrayList<>(Validator.check(p));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            StringBuilder b = new StringBuilder("{\"program\":").append(Json.str(p.name())).append(",\"form\":")
                    .append(Json.str(p.intermediate() ? "intermediate" : "structured")).append(",\"notes\":").append(Json.strings(notes))
                    .append(",\"statements\":[");
            for (Stmt s : p.statements()) {
                if (s.id() > 0) b.append(',');
                b.append("{\"name\":").append(Json.str(s.name())).append(",\"line\":").append(s.line()).append(",\"kind\":")
                        .append(Json.str(s.getClass().getSimpleName())).append(",\"instructions\":").append(c.staticCounts()[s.id()]).append('}');
            }
            out.println(b.append("]}"));
        } else {
            out.println(p.name() + ": " + (p.intermediate() ? "intermediate" : "structured") + " form, " + p.statements().size() + " statements, "
                    + c.units().size() + " thread bodies, " + c.sharedInit().length + " shared cells");
            for (String n : notes) out.println("note: " + n);
            out.printf("%-10s %5s  %-14s %s%n", "statement", "line", "kind", "instructions");
            for (Stmt s : p.statements()) out.printf("%-10s %5d  %-14s %d%n", s.name(), s.line(), s.getClass().getSimpleName(), c.staticCounts()[s.id()]);
            if (lowered) {
                String[] names = p.names();
                for (Code.Unit u : c.units()) {
                    out.println();
                    out.println(u.name() + " (frame " + u.frameSize() + " slots):");
                    Instr[] code = u.code();
                    for (int i = 0; i < code.length; i++) {
                        out.printf("  %3d %s %-8s %s%n", i, code[i].starts ? "*" : " ", names[code[i].stmt], code[i]);
                    }
                }
            }
        }
        out.flush();
        return 0;
    }
}
