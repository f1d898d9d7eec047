package dev.wholetrace.simulate.des;

import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Repeated simulation of one graph on one machine at several processor counts: each point is the
 * mean of {@code runs} runs with seeds {@code seed, seed+1, …} and its 95 % confidence interval
 * (Student's t), with speedup and efficiency against the first processor count.
 */
public final class Prediction {
    /**
     * One processor count's prediction.
     *
     * @param processors simulated processors
     * @param meanSeconds mean predicted time
     * @param halfWidth half the 95 % confidence interval of the mean (0 for one run)
     * @param speedup time at the first processor count over this one
     * @param efficiency speedup × first processor count / processors
     * @param last the last run (for the per-thread, per-method and per-lock breakdowns)
     * @param runs runs the mean is over
     * @param truncatedRuns runs stopped by the step limit (their times are lower bounds)
     * @param deadlockedRuns runs whose main thread never ended ({@link SimResult#mainNeverEnded()}): with seeds, one
     *     run of several can deadlock where the last did not, and the mean includes it
     */
    public record Point(int processors, double meanSeconds, double halfWidth, double speedup, double efficiency, SimResult last,
            int runs, int truncatedRuns, int deadlockedRuns) {}

    private Prediction() {}

    public static List<Point> sweep(ExecutionGraph graph, MachineModel machine, int[] processors, int runs, long maxSteps) {
        return sweep(graph, machine, processors, runs, maxSteps, done -> {});
    }

    /**
     * {@link #sweep(ExecutionGraph, MachineModel, int[], int, long)}, telling {@code runsDone} the
     * number of runs finished after each (of {@code processors.length × runs}): a big graph's run can
     * take seconds.
     */
    public static List<Point> sweep(ExecutionGraph graph, MachineModel machine, int[] processors, int runs, long maxSteps,
                                    IntConsumer runsDone) {
        List<Point> out = new ArrayList<>();
        double base = 0;
        for (int i = 0; i < processors.length; i++) {
            double[] t = new double[runs];
            SimResult last = null;
            int truncated = 0;
            int deadlocked = 0;
            for (int r = 0; r < runs; r++) {
                last = new Simulator(graph, machine.withProcessors(processors[i]).withSeed(machine.seed() + r), maxSteps).run();
                t[r] = last.seconds();
                if (last.truncated()) truncated++;
                else if (last.mainNeverEnded()) deadlocked++;
                runsDone.accept(i * runs + r + 1);
            }
            double mean = 0;
            for (double x : t) mean += x;
            mean /= runs;
            double var = 0;
            for (double x : t) var += (x - mean) * (x - mean);
            double half = runs > 1 ? tQuantile(runs - 1) * Math.sqrt(var / (runs - 1) / runs) : 0;
            if (i == 0) base = mean;
            double speedup = mean > 0 ? base / mean : 0;
            out.add(new Point(processors[i], mean, half, speedup, speedup * processors[0] / processors[i], last,
                    runs, truncated, deadlocked));
        }
        return out;
    }

    /** The 97.5 % quantile of Student's t with {@code df} degrees of freedom. */
    static double tQuantile(int df) {
        double[] table = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
            2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
        if (df <= table.length) return table[df - 1];
        if (df <= 60) return 2.000;
        if (df <= 120) return 1.980;
        return 1.960;
    }
}
