package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.simulate.des.JitWindow;
import dev.wholetrace.simulate.des.Prediction;
import dev.wholetrace.simulate.des.Profile;
import dev.wholetrace.simulate.des.ProfileCheck;
import dev.wholetrace.simulate.des.Replay;
import dev.wholetrace.simulate.des.SimResult;
import dev.wholetrace.simulate.egraph.EgraphException;
import dev.wholetrace.simulate.egraph.EgraphFile;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.machine.MachineFile;
import dev.wholetrace.simulate.machine.MachineFileException;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wholetrace simulate app.egraph --machine M --procs 1,2,4}: predicted run time per processor count. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Predict a program's run time on a machine from its execution graph (wholetrace graph).",
                "",
                "A discrete-event simulation: threads walk their graphs on the machine's processors (time slices "
                    + "when there are more threads than processors), wait for monitors, locks, barriers, latches, "
                    + "queues and joins, and pay the machine file's cycles per instruction class and costs per "
                    + "synchronization (docs/machine-model.md). Branch probabilities, loop trip counts and call "
                    + "targets come from a recording's block counts (--profile) or defaults (equal branches, 10 "
                    + "trips per loop, no exceptions). Each processor count is the mean of --runs seeded runs with "
                    + "its 95 %% interval, speedup and efficiency; then the last run's time per thread, per method "
                    + "and per wait (docs/egraph.md)."},
        footer = {"", "Examples:",
                "  wholetrace simulate sor.egraph --machine machine.properties --procs 1,2,4,8",
                "  wholetrace simulate sor.egraph --machine machine.properties --procs 1,2 --profile sor.wtrace --runs 20 --format json",
                "  wholetrace simulate sor.egraph --machine unit --profile sor.wtrace --check-profile",
                "  wholetrace simulate sor.egraph --machine machine.properties --procs 1,2,4 --replay sor.wtrace",
                "  wholetrace simulate m.egraph --machine machine.properties --procs 1,2 --profile m-6.wtrace --jit-low m-2.wtrace --jit-steps 2,6 --jit-window 20,720",
                "  wholetrace simulate m.egraph --machine machine.properties --procs 1,2 --replay m-6.wtrace --jit-low m-2.wtrace --jit-steps 2,6 --jit-window 20,720"})
public final class SimulateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "GRAPH", description = "the execution graph file (.egraph)")
    Path input;

    @Option(names = "--machine", required = true, paramLabel = "FILE", description = "the machine file (docs/machine-model.md; 'wholetrace calibrate' writes one), or 'unit'")
    String machine;

    @Option(names = "--procs", split = ",", paramLabel = "N", description = "processor counts to predict (default: the machine file's)")
    int[] procs;

    @Option(names = "--profile", paramLabel = "RUN.wtrace", description = "a recording of the program whose block counts give the branch probabilities and loop trip counts")
    Path profile;

    @Option(names = "--replay", paramLabel = "RUN.wtrace", description = "the trace-driven predictor: replay this recording's threads (their "
            + "blocks, costed by the graph's vertices, and their synchronizations) on the machine instead of walking the graph")
    Path replay;

    @Option(names = "--check-profile", description = "instead of predicting: simulate once at the first --procs and compare each vertex's "
            + "simulated entries with the recorded count of its block (both summed over threads); needs --profile")
    boolean checkProfile;

    @Option(names = "--jit-low", paramLabel = "RUN.wtrace", description = "the JIT term (a machine file with jit.* keys, docs/machine-model.md): "
            + "a recording of the program at fewer steps than --profile's (or --replay's); with --jit-steps and --jit-window, each point also gives what the JIT "
            + "adds to the window's time (compilations, code not yet compiled)")
    Path jitLow;

    @Option(names = "--jit-steps", split = ",", paramLabel = "A,B", description = "the program's step counts of --jit-low's and --profile's (or --replay's) recordings")
    double[] jitSteps;

    @Option(names = "--jit-window", split = ",", paramLabel = "LO,HI", description = "the window (LO, HI] of the program's steps the JIT term is given for")
    double[] jitWindow;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "10", description = "seeded runs per processor count (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "200000000", description = "vertices a run may execute before it stops as truncated (default: ${DEFAULT-VALUE})")
    long maxSteps;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE})")
    String format;

    @Override
    public Integer call() throws Exception {
        if (!format.equals("text") && !format.equals("json")) throw new IllegalArgumentException("--format is text or json, not " + format);
        if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1, not " + runs);
        if (maxSteps < 1) throw new IllegalArgumentException("--max-steps must be at least 1, not " + maxSteps);
        MachineModel m;
        ExecutionGraph g;
        try {
            m = machine.equals("unit") ? MachineModel.unit() : MachineFile.read(Path.of(machine));
            g = EgraphFile.read(input);
        } catch (MachineFileException | EgraphException e) {
            throw new FormatException(e.getMessage());
        }
        int[] counts = procs == null ? new int[] {m.processors()} : procs;
        for (int p : counts) if (p < 1 || p > 1 << 20) throw new IllegalArgumentException("--procs must be between 1 and " + (1 << 20) + ", not " + p);
        PrintWriter err = spec.commandLine().getErr();
        if (checkProfile && profile == null) throw new IllegalArgumentException("--check-profile needs --profile RUN.wtrace");
        if (replay != null && profile != null) throw new IllegalArgumentException("--replay replays a recording as it ran: it takes no --profile");
        boolean jit = jitLow != null || jitSteps != null || jitWindow != null;
        if (jit && (jitLow == null || jitSteps == null || jitWindow == null || (profile == null && replay == null))) {
            throw new IllegalArgumentException("the JIT term needs --profile or --replay, --jit-low, --jit-steps and --jit-window together");
        }
        if (jit && !stepCounts(jitSteps)) throw new IllegalArgumentException("--jit-steps is two rising step counts A,B (finite, A ≥ 0), not " + joined(jitSteps));
        if (jit && !stepCounts(jitWindow)) throw new IllegalArgumentException("--jit-window is two rising step counts LO,HI (finite, LO ≥ 0), not " + joined(jitWindow));
        if (jit && checkProfile) throw new IllegalArgumentException("--check-profile compares block counts only: it takes no --jit-* options");
        ExecutionGraph pristine = jit ? g.copy() : null; // the graph before any recording's counts: the JIT term's runs start from it
        if (profile != null) {
            Profile pr = Profile.read(profile);
            pr.applyTo(g);
            err.println("simulate: profile " + profile.getFileName() + ": " + pr.blocks() + " blocks, " + pr.methodsSeen(g) + " of the graph's " + g.methods().size() + " methods ran");
            err.flush();
            if (checkProfile) {
                printCheck(ProfileCheck.run(g, pr, m.withProcessors(counts[0]), maxSteps), spec.commandLine().getOut());
                return 0;
            }
        }
        if (replay != null) {
            Replay r = new Replay(g);
            g = r.graphOf(replay);
            err.println("simulate: replay " + replay.getFileName() + ": " + g.methods().size() + " threads, " + g.vertexCount() + " segments"
                    + (r.unmappedBlocks() > 0 ? ", " + r.unmappedBlocks() + " blocks outside the graph (cost 0)" : ""));
            err.flush();
        }
        List<Prediction.Point> points;
        try (Progress progress = new Progress(err, "simulate " + input.getFileName(), 0)) {
            long total = (long) counts.length * runs;
            progress.at("runs", 0, total);
            points = Prediction.sweep(g, m, counts, runs, maxSteps, done -> progress.at("runs", done, total));
        }
        List<JitWindow.Window> added = null;
        if (jit) {
            ExecutionGraph lowGraph = pristine.copy();
            Profile.read(jitLow).applyTo(lowGraph);
            List<Prediction.Point> lowPoints = Prediction.sweep(lowGraph, m, counts, runs, maxSteps);
            // the compilations come from the methods' counters, which only the graph's runs count (a replayed thread is one
            // straight line): with --replay, the graph is also run with the replayed recording's counts for the plan, and the
            // window's program time is the replay's own (docs/egraph.md, "The trace-driven predictor", session 50)
            List<Prediction.Point> planHigh = points, windowLow = lowPoints;
            if (replay != null) {
                ExecutionGraph highGraph = pristine.copy();
                Profile.read(replay).applyTo(highGraph);
                planHigh = Prediction.sweep(highGraph, m, counts, runs, maxSteps);
                windowLow = Prediction.sweep(new Replay(pristine.copy()).graphOf(jitLow), m, counts, runs, maxSteps);
            }
            added = new ArrayList<>();
            for (int i = 0; i < points.size(); i++) added.add(jitAdded(lowGraph, m, lowPoints.get(i), planHigh.get(i), windowLow.get(i), points.get(i)));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (format.equals("json")) json(points, added, m, out);
        else text(points, m, out);
        if (added != null && format.equals("text")) {
            out.printf(Locale.ROOT, "%nJIT term, steps (%s, %s]: %6s %16s %16s%n", num(jitWindow[0]), num(jitWindow[1]), "procs", "added time (s)", "added CPU (s)");
            for (int i = 0; i < points.size(); i++) {
                out.printf(Locale.ROOT, "%34s %6d %16.6g %16.6g%n", "", points.get(i).processors(), m.seconds(added.get(i).wallCycles()), m.seconds(added.get(i).busyCycles()));
            }
        }
        out.flush();
        for (Prediction.Point p : points) {
            SimResult last = p.last();
            SimResult.ThreadTime main = last.threads().get(0);
            if (p.truncatedRuns() > 0) {
                err.println("simulate: warning: " + p.processors() + " processors: " + ofRuns(p.truncatedRuns(), p.runs()) + " stopped after --max-steps "
                        + maxSteps + " vertices; the time is a lower bound");
            }
            if (p.deadlockedRuns() > 0) {
                err.println("simulate: warning: " + p.processors() + " processors:" + (p.runs() == 1 ? "" : " in " + ofRuns(p.deadlockedRuns(), p.runs()) + ",")
                        + " the main thread never ended (a deadlock in the model: see docs/egraph.md, \"Not modelled\")");
            } else if (!last.truncated() && main.end() < 0.99 * last.cycles()) { // a main ending with the others is no news
                err.println("simulate: warning: " + p.processors() + " processors: the main thread ended before other threads, at "
                        + String.format(Locale.ROOT, "%.3g", 100 * main.end() / last.cycles()) + " % of the run: it joins none of them in the graph "
                        + "(a join through a method reference, such as CompletableFuture::join in a stream, is not seen); the time is the last thread's");
            }
        }
        err.flush();
        return 0;
    }

    /**
     * What the JIT term adds to the window {@code --jit-window} on one point's processors: the window's
     * time with it less the program's window scaled from the two recorded runs (0 and 0 exactly
     * without a JIT term). The compilations are planned from the graph's runs {@code planLow} and {@code
     * planHigh}; the program's window is {@code windowHigh} less {@code windowLow} (the same runs for the
     * graph's prediction, the replays for the trace-driven one).
     */
    private JitWindow.Window jitAdded(ExecutionGraph g, MachineModel m, Prediction.Point planLow, Prediction.Point planHigh,
            Prediction.Point windowLow, Prediction.Point windowHigh) {
        double scale = (jitWindow[1] - jitWindow[0]) / (jitSteps[1] - jitSteps[0]);
        double wall = (windowHigh.last().cycles() - windowLow.last().cycles()) * scale;
        double busy = (executing(windowHigh.last()) - executing(windowLow.last())) * scale;
        JitWindow.Window w = m.jit().isNone() ? new JitWindow.Window(wall, busy)
                : JitWindow.run(JitWindow.plan(g, m.jit(), planLow.last(), planHigh.last(), jitSteps[0], jitSteps[1]), m.jit(), wall, busy,
                        windowHigh.processors(), m.memoryContention(), jitWindow[0], jitWindow[1]);
        windows.add(w);
        return new JitWindow.Window(w.wallCycles() - wall, w.busyCycles() - busy);
    }

    /** The JIT term's windows of the points, in order (for the JSON output's breakdown). */
    private final List<JitWindow.Window> windows = new ArrayList<>();

    /** Two finite step counts, rising from ≥ 0 (an infinite window ran and gave NaN seconds). */
    private static boolean stepCounts(double[] s) {
        return s.length == 2 && s[0] >= 0 && s[0] < s[1] && Double.isFinite(s[1]);
    }

    private static String joined(double[] s) {
        StringBuilder b = new StringBuilder();
        for (double x : s) b.append(b.length() > 0 ? "," : "").append(num(x));
        return b.toString();
    }

    private static double executing(SimResult r) {
        double s = 0;
        for (SimResult.ThreadTime t : r.threads()) s += t.executing();
        return s;
    }

    private static String num(double x) {
        return Double.isFinite(x) && x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }

    /** "" for one run of one, " in 3 of 50 runs" otherwise. */
    private static String inRuns(int k, int runs) {
        return runs == 1 ? "" : " in " + ofRuns(k, runs);
    }

    /** "a run" for one run of one, "3 of 50 runs" otherwise. */
    private static String ofRuns(int k, int runs) {
        return runs == 1 ? "a run" : k + " of " + runs + " runs";
    }

    /**
     * The table's note on a point whose time is not a prediction of the whole program: the warnings after the table say
     * why, but a reader of the table alone took the time of a deadlocked model (0.2 µs for a gRPC client whose latch
     * only library callbacks count down, session 45) for the program's.
     */
    private static String note(Prediction.Point p) {
        if (p.truncatedRuns() > 0) return "  stopped by --max-steps" + inRuns(p.truncatedRuns(), p.runs()) + ": a lower bound";
        return p.deadlockedRuns() > 0 ? "  main never ended" + inRuns(p.deadlockedRuns(), p.runs()) + " (a deadlock in the model): not the program's time" : "";
    }

    private void text(List<Prediction.Point> points, MachineModel m, PrintWriter out) {
        out.printf(Locale.ROOT, "%s, %.3g Hz, %s scheduling, %d runs per point%n", machineHeader(m), m.clockHz(), m.scheduling().name().toLowerCase(Locale.ROOT), runs);
        out.printf(Locale.ROOT, "%6s %14s %12s %8s %10s%n", "procs", "time (s)", "± 95 %", "speedup", "efficiency");
        for (Prediction.Point p : points) {
            out.printf(Locale.ROOT, "%6d %14.6g %12.3g %8.3f %10.3f%s%n", p.processors(), p.meanSeconds(), p.halfWidth(), p.speedup(), p.efficiency(),
                    note(p));
        }
        Prediction.Point last = points.get(points.size() - 1);
        SimResult r = last.last();
        out.printf(Locale.ROOT, "%nlast run at %d processors: %d threads, %d vertices%s%n", last.processors(), r.threads().size(), r.steps(),
                r.blockedAtEnd() > 0 ? ", " + r.blockedAtEnd() + " threads still waiting at the end" : "");
        out.printf(Locale.ROOT, "%6s %-40s %10s %10s %10s%n", "thread", "body", "exec %", "wait %", "ready %");
        List<SimResult.ThreadTime> ts = r.threads();
        for (int i = 0; i < Math.min(ts.size(), 16); i++) {
            SimResult.ThreadTime t = ts.get(i);
            double life = Math.max(t.end() - t.start(), 1e-12);
            out.printf(Locale.ROOT, "%6d %-40s %10.1f %10.1f %10.1f%n", t.id(), t.body(), 100 * t.executing() / life, 100 * t.waiting() / life, 100 * t.ready() / life);
        }
        if (ts.size() > 16) out.printf(Locale.ROOT, "%6s (%d more)%n", "", ts.size() - 16);
        out.println();
        out.printf(Locale.ROOT, "%-70s %14s %8s%n", "method (exclusive)", "cycles", "%");
        double total = r.methodCycles().values().stream().mapToDouble(Double::doubleValue).sum();
        r.methodCycles().entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())).limit(10)
                .forEach(e -> out.printf(Locale.ROOT, "%-70s %14.4g %8.1f%n", abbreviate(e.getKey(), 70), e.getValue(), 100 * e.getValue() / total));
        if (!r.waitCycles().isEmpty()) {
            out.println();
            out.printf(Locale.ROOT, "%-70s %14s%n", "waiting on", "cycles");
            r.waitCycles().entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())).limit(10)
                    .forEach(e -> out.printf(Locale.ROOT, "%-70s %14.4g%n", abbreviate(e.getKey(), 70), e.getValue()));
        }
    }

    /**
     * The machine as the header names it: its name quoted and where it came from. Unquoted, a file
     * {@code calibrate -o machine.properties} wrote without {@code --name} (whose name is then "machine") read "machine machine".
     */
    String machineHeader(MachineModel m) {
        String from = machine.equals("unit") ? "built in" : "from " + machine;
        return "machine '" + m.name() + "' (" + from + ")";
    }

    private static void printCheck(ProfileCheck.Result c, PrintWriter out) {
        out.printf(Locale.ROOT, "profile check: %d vertices, %d with the recorded count (%.1f %%); entries recorded %d, simulated %d (%+.2f %%)%s%n",
                c.compared(), c.equal(), 100.0 * c.equal() / Math.max(c.compared(), 1), c.recordedTotal(), c.simulatedTotal(),
                100.0 * (c.simulatedTotal() - c.recordedTotal()) / Math.max(c.recordedTotal(), 1), c.truncated() ? " (run truncated by --max-steps)" : "");
        if (c.worst().isEmpty()) return;
        out.printf(Locale.ROOT, "%-70s %6s %12s %12s%n", "largest differences: method", "bci", "recorded", "simulated");
        for (ProfileCheck.Row r : c.worst()) out.printf(Locale.ROOT, "%-70s %6d %12d %12d%n", abbreviate(r.method(), 70), r.bci(), r.recorded(), r.simulated());
        out.flush();
    }

    private static String abbreviate(String s, int n) {
        return s.length() <= n ? s : "…" + s.substring(s.length() - n + 1);
    }

    private void json(List<Prediction.Point> points, List<JitWindow.Window> added, MachineModel m, PrintWriter out) {
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject().field("graph", input.toString()).field("machine", m.name()).field("runs", runs).array("points");
            for (int i = 0; i < points.size(); i++) {
                Prediction.Point p = points.get(i);
                SimResult r = p.last();
                j.beginObject().field("processors", p.processors()).field("seconds", p.meanSeconds()).field("halfWidth95", p.halfWidth())
                        .field("speedup", p.speedup()).field("efficiency", p.efficiency()).field("truncated", r.truncated())
                        .field("truncatedRuns", p.truncatedRuns()).field("deadlockedRuns", p.deadlockedRuns())
                        .field("blockedAtEnd", r.blockedAtEnd()).array("threads");
                for (SimResult.ThreadTime t : r.threads()) {
                    j.beginObject().field("id", t.id()).field("body", t.body()).field("start", t.start()).field("end", t.end())
                            .field("executing", t.executing()).field("waiting", t.waiting()).field("ready", t.ready()).end();
                }
                j.endArray().object("methodCycles");
                for (Map.Entry<String, Double> e : r.methodCycles().entrySet()) j.field(e.getKey(), e.getValue());
                j.end().object("waitCycles");
                for (Map.Entry<String, Double> e : r.waitCycles().entrySet()) j.field(e.getKey(), e.getValue());
                j.end();
                if (added != null) {
                    j.object("jit").field("lo", jitWindow[0]).field("hi", jitWindow[1]).field("addedSeconds", m.seconds(added.get(i).wallCycles()))
                            .field("addedCpuSeconds", m.seconds(added.get(i).busyCycles())).field("c1Seconds", m.seconds(windows.get(i).c1Cycles()))
                            .field("c2Seconds", m.seconds(windows.get(i).c2Cycles())).field("slowSeconds", m.seconds(windows.get(i).slowCycles()))
                            .field("c1Compilations", windows.get(i).c1Done()).field("c2Compilations", windows.get(i).c2Done()).end();
                }
                j.end();
            }
            j.endArray().end();
        }
        out.println();
    }
}
