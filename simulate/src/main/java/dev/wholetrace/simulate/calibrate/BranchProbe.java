package dev.wholetrace.simulate.calibrate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * {@code cycles.bc.mispredict}: what a mispredicted data-dependent branch costs (docs/machine-model.md,
 * "Mispredicted branches", session 46). One loop, {@link #branchLoop}, walks an array and takes one of two
 * arms by the sign of each element; it runs over the same elements in two orders: shuffled (the branch is a
 * coin toss, half the guesses wrong) and sorted (one change of direction per pass, every guess right but
 * two). Same method, same compiled code, same instructions and branch profile (half the elements are
 * negative in both), so the difference of the two times is the mispredictions alone, nothing the fitted
 * instruction costs price: the graph counts both runs alike. The simulator charges a decision
 * {@code cycles.bc.mispredict × (1 − its likeliest edge's share)} per visit (a coin toss: half the price),
 * so the key is the difference divided by the shuffled branch's {@code 1 − 0.5}.
 *
 * <p>The arms store to the array they read (a branch C2 cannot turn into a conditional move: those need
 * arms without memory effects), so the branch stays a branch.
 */
public final class BranchProbe {
    /** Elements of the walked array: 256 KiB of ints, in the second-level cache, so no order changes the loads' price much. */
    static final int LENGTH = 1 << 16;
    private static final double COIN = 0.5;
    private final int repetitions;
    private final int iterations;
    private final int[] shuffled = new int[LENGTH], sorted = new int[LENGTH];
    private final int[] out = new int[LENGTH];
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /** @param repetitions timed runs of each order (the best counts); @param iterations loop iterations per run */
    public BranchProbe(int repetitions, int iterations) {
        this.repetitions = repetitions;
        this.iterations = iterations;
        SplittableRandom r = new SplittableRandom(46);
        for (int i = 0; i < LENGTH; i++) shuffled[i] = (i < LENGTH / 2 ? -1 - r.nextInt(1 << 20) : r.nextInt(1 << 20));
        for (int i = LENGTH - 1; i > 0; i--) { // Fisher-Yates: the same multiset, in no pattern
            int j = r.nextInt(i + 1), t = shuffled[i];
            shuffled[i] = shuffled[j];
            shuffled[j] = t;
        }
        System.arraycopy(shuffled, 0, sorted, 0, LENGTH);
        Arrays.sort(sorted);
    }

    /** The measurement: ns per iteration in each order, and the price of one misprediction. */
    public record Result(double shuffledNs, double sortedNs) {
        /** ns of one mispredicted branch: the difference over the coin-toss branch's wrong share ({@link #price}). */
        public double mispredictNs() {
            return price(shuffledNs, sortedNs);
        }

        public String report() {
            return String.format(Locale.ROOT, "mispredict: a branch on shuffled signs %.3f ns per iteration, the same elements sorted %.3f: %.3f ns per misprediction",
                    shuffledNs, sortedNs, mispredictNs());
        }
    }

    /**
     * ns of one misprediction from the shuffled and sorted orders' ns per iteration: their difference over
     * the share of a coin toss that is guessed wrong (0.5), never below 0 (a difference the noise makes
     * negative prices nothing).
     */
    static double price(double shuffledNs, double sortedNs) {
        return Math.max(0, (shuffledNs - sortedNs) / (1 - COIN));
    }

    /** Warms the loop up on both orders (one compiled version for both), then times them side by side. */
    public Result measure() {
        for (int w = 0; w < 5; w++) {
            branchLoop(shuffled, iterations);
            branchLoop(sorted, iterations);
        }
        double bestShuffled = Double.MAX_VALUE, bestSorted = Double.MAX_VALUE;
        for (int k = 0; k < repetitions; k++) {
            bestShuffled = Math.min(bestShuffled, time(shuffled));
            bestSorted = Math.min(bestSorted, time(sorted));
        }
        return new Result(bestShuffled, bestSorted);
    }

    private double time(int[] data) {
        long t0 = cpuNow();
        sink += branchLoop(data, iterations);
        return (cpuNow() - t0) / (double) iterations;
    }

    /** The probe: one data-dependent branch per iteration whose arms store (no conditional move). */
    long branchLoop(int[] data, int n) {
        long sum = 0;
        for (int k = 0; k < n; k++) {
            int i = k & (LENGTH - 1), x = data[i];
            if (x < 0) {
                out[i] = x;
                sum += 3;
            } else {
                out[LENGTH - 1 - i] = x;
                sum -= 1;
            }
        }
        return sum;
    }

    static long sink;

    int[] shuffledForTest() {
        return shuffled;
    }

    int[] sortedForTest() {
        return sorted;
    }

    private static long cpuNow() {
        return CPU.isCurrentThreadCpuTimeSupported() ? CPU.getCurrentThreadCpuTime() : System.nanoTime();
    }
}
