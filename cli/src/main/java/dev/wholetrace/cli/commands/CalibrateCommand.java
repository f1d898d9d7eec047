package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.io.CommandSummary;
import dev.wholetrace.cli.io.ForceOption;
import dev.wholetrace.cli.io.OutputFile;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.simulate.calibrate.Calibration;
import dev.wholetrace.simulate.calibrate.BarrierCheck;
import dev.wholetrace.simulate.calibrate.BranchProbe;
import dev.wholetrace.simulate.calibrate.CoRun;
import dev.wholetrace.simulate.calibrate.ThreadExit;
import dev.wholetrace.simulate.calibrate.CrossCore;
import dev.wholetrace.simulate.calibrate.JitCalibration;
import dev.wholetrace.simulate.calibrate.WakeIdle;
import dev.wholetrace.simulate.machine.MachineFile;
import dev.wholetrace.simulate.machine.MachineFileException;
import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
                    + "non-negative least squares, prices a call into the JDK (cycles.bc.jdk) on a loop of common JDK calls, and times uncontended monitors and locks, thread start/join, "
                    + "barrier awaits and thread hand-overs for the costs per synchronization (one cycle = 0.01 ns). "
                    + "Prints each loop's measured and fitted time. Run it "
                    + "pinned to the processors you want to model (taskset -c 0 for one core), on an idle machine; "
                    + "it takes about ten seconds. The procedure is in docs/machine-model.md, \"Calibration\".",
                "",
                "--cross-core also measures what a wake-up onto another, idle processor costs (the cross-core group: "
                    + "cost.jvm.wake.remote, cost.jvm.wake.remote.latency) with a park/unpark ping-pong pinned to one "
                    + "processor, then to two; run it pinned to two cores. Without it the group is left unset (0: unknown). "
                    + "It also measures the wake-up table (wake.remote.idle.*): the waker's unpark time and the latency until "
                    + "the woken thread runs against how long the woken thread's processor has been idle (0 µs to 5 ms). "
                    + "It then prints a check: CyclicBarriers of 2, 4 and 8 threads on one and two processors, measured "
                    + "beside the simulator's prediction on the machine written (nothing fitted to them). "
                    + "With --base it measures only that group and adds it to an existing machine file.",
                "",
                "--jit also measures the JIT term (jit.*, machine file version 4): the compiler threads' CPU per bytecode byte "
                    + "of C1 and C2, how much slower the loops run interpreted and as C1's code, and this JVM's compile thresholds, "
                    + "in child JVMs on calibrate's own loops (Linux: the compiler threads' CPU is read from /proc); "
                    + "'simulate --jit-low' uses it. With --base it measures only the term and adds it to an existing machine file.",
                "",
                "--branch also prices a mispredicted branch (cycles.bc.mispredict, session 46; not part of the default "
                    + "calibration, docs/results/prediction.md): one loop's branch on the signs of an array's elements, shuffled "
                    + "against sorted. With --base it measures only that and adds it to an existing machine file.",
                "",
                "--co-run also measures memory.contention (session 47): how much slower a processor runs while another is busy, "
                    + "from the fitted loops run on one processor alone and beside a copy of themselves on a second; run it pinned "
                    + "to two cores on an idle machine. With --base it measures only that and adds it to an existing machine file.",
                "",
                "--thread-exit also measures cost.jvm.thread-exit (session 48): a started thread's own processor time after its body "
                    + "returns (the process's CPU for starting and joining an empty thread, less what cost.jvm.thread-start counts); "
                    + "bench/run prediction adds it to its calibration (session 48). With --base it measures only that and adds it to an existing machine file, "
                    + "and warns when the thread start it measures beside the exit is more than 1.5 times from the base's cost.jvm.thread-start "
                    + "(the machine is not in the base's state: under load a thread's start and exit cost several times more, which repeats cannot remove; session 51)."},
        footer = {"", "Examples:",
                "  taskset -c 0 wholetrace calibrate -o one-core.properties",
                "  wholetrace calibrate -o laptop.properties --name laptop --processors 8",
                "  taskset -c 0,1 wholetrace calibrate --cross-core --base one-core.properties -o two-core.properties",
                "  taskset -c 0 wholetrace calibrate --jit --base two-core.properties -o jit.properties   # add the JIT term",
                "  taskset -c 0 wholetrace calibrate --branch --base jit.properties -o branch.properties   # add the mispredicted branch",
                "  taskset -c 0,1 wholetrace calibrate --co-run --base jit.properties -o co-run.properties   # add memory.contention",
                "  taskset -c 0 wholetrace calibrate --thread-exit --base jit.properties -o exit.properties   # add a thread's own exit",
                "  wholetrace calibrate -o m.properties --format json | jq .cycles   # the fit for a script, on standard output"})
public final class CalibrateCommand implements Callable<Integer>, FormatOption.Formatted {
    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "the machine file to write (an existing file only with --force)")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "the machine's name in the file (default: the file name without .properties; not with --base)")
    String name;

    @Option(names = "--processors", paramLabel = "N", defaultValue = "1", description = "processors the file says the machine has (default: ${DEFAULT-VALUE}; simulate --procs overrides; not with --base)")
    int processors;

    @Option(names = "--cross-core", description = "also measure the cross-core group (a wake-up onto another, idle processor), on the first two processors this process may use")
    boolean crossCore;

    @Option(names = "--base", paramLabel = "FILE", description = "with --cross-core or --jit: keep this machine file's entries (a one-core calibration) and measure only the cross-core group or the JIT term")
    Path base;

    @Option(names = "--jit", description = "also measure the JIT term (machine file version 4, jit.* keys): the compilers' CPU per bytecode byte, "
            + "how much slower code runs before C1 and C2 compile it, and this JVM's compile thresholds, in child JVMs on this process's processors")
    boolean jit;

    @Option(names = "--branch", description = "also measure the price of a mispredicted branch (cycles.bc.mispredict); with --base only that, added to the file")
    boolean branch;

    @Option(names = "--co-run", description = "also measure memory.contention (session 47): the fitted loops on one processor alone and beside a copy on a second, "
            + "on the first two processors this process may use (taskset -c 0,1; needs an idle machine); with --base only that, added to the file")
    boolean coRun;

    @Option(names = "--thread-exit", description = "also measure cost.jvm.thread-exit (session 48): a started thread's processor time after its body returns; "
            + "with --base only that, added to the file")
    boolean threadExit;

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
        if (base != null && !crossCore && !jit && !branch && !coRun && !threadExit) {
            throw new IllegalArgumentException("--base needs --cross-core, --jit, --branch, --co-run or --thread-exit (it adds the cross-core group, the JIT term, "
                    + "the mispredicted branch, memory.contention or a thread's exit to a machine file)");
        }
        // the base file's name and processors are kept: these would be silently ignored
        for (String fitOnly : new String[] {"--name", "--processors"}) {
            if (base != null && spec.commandLine().getParseResult().hasMatchedOption(fitOnly)) {
                throw new IllegalArgumentException(fitOnly + " does not apply with --base (the base file's name and processors are kept)");
            }
        }
        List<String> report = new ArrayList<>();
        MachineModel fitted;
        if (base != null) {
            try {
                fitted = MachineFile.read(base);
            } catch (MachineFileException e) {
                throw new FormatException(e.getMessage());
            }
            List<String> only = new ArrayList<>();
            if (crossCore) only.add("the cross-core group");
            if (jit) only.add("the JIT term");
            if (branch) only.add("the mispredicted branch");
            if (coRun) only.add("memory.contention");
            if (threadExit) only.add("a thread's exit");
            report.add("kept " + base + "'s entries; measured only " + String.join(" and ", only));
        } else {
            Calibration c = quick ? new Calibration(3, 200_000) : new Calibration(15, 2_000_000);
            fitted = c.run(n, processors);
            report.addAll(c.fitReport());
        }
        CrossCore.Result cross = crossCore ? (quick ? new CrossCore(500, 2) : new CrossCore(10_000, 5)).measure() : null;
        if (cross != null) report.addAll(cross.report());
        else if (crossCore) report.add("cross-core: this process may run on one processor only: the cross-core group is left unset (0: unknown)");
        else if (base == null) report.add("cross-core: not measured: cost.jvm.wake.remote and cost.jvm.wake.remote.latency left unset (0: unknown); --cross-core pinned to two cores measures them");
        MachineModel m = cross == null ? fitted : fitted.withCosts(cross.costs(fitted.clockHz()));
        if (branch) {
            BranchProbe.Result b = (quick ? new BranchProbe(3, 200_000) : new BranchProbe(15, 2_000_000)).measure();
            report.add(b.report());
            m = m.withCycles(Map.of(MachineModel.MISPREDICT, Math.round(b.mispredictNs() * m.clockHz() / 1e9)));
        }
        if (coRun) {
            CoRun.Result co = (quick ? new CoRun(2, 100_000) : new CoRun(5, 2_000_000)).measure();
            if (co == null) {
                report.add("co-run: this process may run on one processor only: memory.contention is left as it was");
            } else {
                report.addAll(co.report());
                m = m.withMemoryContention(co.contention());
            }
        }
        if (threadExit) {
            ThreadExit.Result x = (quick ? new ThreadExit(2, 200) : new ThreadExit(7, 5_000)).measure();
            if (x == null) {
                report.add("thread exit: this JVM cannot measure the process's CPU time: cost.jvm.thread-exit is left as it was");
            } else {
                report.add(x.report());
                String state = base == null ? null : ThreadExit.stateCheck(x.startNs(), m.costOf("jvm.thread-start") * 1e9 / m.clockHz());
                if (state != null) report.add(state);
                m = m.withCosts(Map.of(MachineModel.THREAD_EXIT, Math.round(x.exitNs() * m.clockHz() / 1e9)));
            }
        }
        if (cross != null) {
            WakeIdle.Result idle = (quick ? new WakeIdle(new long[] {0, 10_000, 1_000_000}, 5_000_000) : new WakeIdle(WakeIdle.IDLE_NS, 300_000_000))
                    .measure(cross.first(), cross.second());
            report.addAll(idle.report());
            m = m.withWakeIdle(idle.table(m.clockHz()));
            // the group checked where the ping-pong does not reach: more threads than processors
            BarrierCheck check = quick ? new BarrierCheck(200, 1, 20_000) : new BarrierCheck(5_000, 3, 20_000);
            report.addAll(BarrierCheck.report(check.run(new int[] {cross.first(), cross.second()}, m)));
        }
        if (jit) {
            JitCalibration.Result j = (quick ? new JitCalibration(1, 20_000) : new JitCalibration(3, 200_000)).measure(m.clockHz());
            report.addAll(j.report());
            m = m.withJit(j.costs());
        } else if (base == null) {
            report.add("jit: not measured: no JIT term (the jit.* keys unset); --jit measures it");
        }
        MachineModel written = m;
        target.writeText(w -> MachineFile.write(written, w));
        PrintWriter err = spec.commandLine().getErr();
        for (String line : report) err.println("calibrate: " + line);
        err.println("calibrate: wrote " + out + ": cycles " + m.cycles() + ", costs " + m.costs() + " (1 cycle = " + (1e9 / m.clockHz()) + " ns)");
        err.flush();
        if (!CommandSummary.isText(summaryFormat)) { // the text lines are the ones above, on stderr
            CommandSummary summary = new CommandSummary().put("file", out.toString()).put("name", m.name()).put("processors", m.processors())
                    .put("clockHz", m.clockHz());
            m.cycles().forEach((k, v) -> summary.object("cycles").put(k, v));
            m.costs().forEach((k, v) -> summary.object("costs").put(k, v));
            if (!m.jit().isNone()) m.jit().keys().forEach((k, v) -> summary.object("jit").put(k, Double.parseDouble(v)));
            for (String line : report) summary.element("fit").put("line", line.strip());
            summary.write(summaryFormat, spec.commandLine().getOut());
        }
        return 0;
    }
}
