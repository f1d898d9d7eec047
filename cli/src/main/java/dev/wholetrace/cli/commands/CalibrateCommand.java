package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.simulate.calibrate.Calibration;
import dev.wholetrace.simulate.machine.MachineFile;
import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace calibrate -o machine.properties}: a machine file fitted by micro-benchmarks. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Fit a machine file (docs/machine-model.md) to this machine with micro-benchmarks, for 'wholetrace simulate'.",
                "",
                "Times fifteen warmed-up loops of integer, floating-point, division, array, field and math-call "
                    + "instructions (the thread's CPU time), fits cycles per instruction class to them by "
                    + "non-negative least squares, and times uncontended monitors and locks, thread start/join, "
                    + "barrier awaits and thread hand-overs for the costs per synchronization (one cycle = 0.01 ns). "
                    + "Prints each loop's measured and fitted time. Run it "
                    + "pinned to the processors you want to model (taskset -c 0 for one core), on an idle machine; "
                    + "it takes about ten seconds. The procedure is in docs/machine-model.md, \"Calibration\"."},
        footer = {"", "Examples:",
                "  taskset -c 0 wholetrace calibrate -o one-core.properties",
                "  wholetrace calibrate -o laptop.properties --name laptop --processors 8",
                "  wholetrace calibrate -o m.properties --format json | jq .cycles   # the fit for a script, on standard output"})
public final class CalibrateCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "the machine file to write (an existing file only with --force)")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "the machine's name in the file (default: the file name without .properties)")
    String name;

    @Option(names = "--processors", paramLabel = "N", defaultValue = "1", description = "processors the file says the machine has (default: ${DEFAULT-VALUE}; simulate --procs overrides)")
    int processors;

    @Option(names = "--quick", description = "fewer repetitions (a rough file in about two seconds, for tests)")
    boolean quick;

    @Mixin
    ForceOption force;

    @Mixin
    FormatOption format;

    @Override
    public FormatRegistry<?> formats() {
        return CommandSummary.FORMATS;
    }

    @Override
    public Integer call() throws Exception {
        OutputFormat summaryFormat = format.resolve(CommandSummary.FORMATS);
        if (processors < 1) throw new IllegalArgumentException("--processors must be at least 1, not " + processors);
        OutputFile target = OutputFile.check(out, force.force());
        String n = name != null ? name : out.getFileName().toString().replaceFirst("\\.properties$", "");
        Calibration c = quick ? new Calibration(3, 200_000) : new Calibration(15, 2_000_000);
        MachineModel m = c.run(n, processors);
        target.writeText(w -> MachineFile.write(m, w));
        PrintWriter err = spec.commandLine().getErr();
        for (String line : c.fitReport()) err.println("calibrate: " + line);
        err.println("calibrate: wrote " + out + ": cycles " + m.cycles() + ", costs " + m.costs() + " (1 cycle = " + (1e9 / m.clockHz()) + " ns)");
        err.flush();
        if (!CommandSummary.isText(summaryFormat)) { // the text lines are the ones above, on stderr
            CommandSummary summary = new CommandSummary().put("file", out.toString()).put("name", m.name()).put("processors", m.processors())
                    .put("clockHz", m.clockHz());
            m.cycles().forEach((k, v) -> summary.object("cycles").put(k, v));
            m.costs().forEach((k, v) -> summary.object("costs").put(k, v));
            for (String line : c.fitReport()) summary.element("fit").put("line", line.strip());
            summary.write(summaryFormat, spec.commandLine().getOut());
        }
        return 0;
    }
}
