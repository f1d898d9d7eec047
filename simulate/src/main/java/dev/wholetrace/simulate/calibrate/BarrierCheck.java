package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.des.SimResult;
import dev.wholetrace.simulate.des.Simulator;
import dev.wholetrace.simulate.egraph.EgraphException;
import dev.wholetrace.simulate.egraph.EgraphFile;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.machine.MachineModel;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * The check of the cross-core group ({@code calibrate --cross-core}): N threads pass a {@link
 * CyclicBarrier} with a fixed amount of work between trips, on one processor and on two (every thread
 * allowed both, the scheduler placing them), N = 2, 4, 8: more threads than processors, the case the
 * ping-pong of {@link CrossCore} does not show. Each row sets the measured wall and processor time per
 * episode beside what the {@link Simulator} predicts for the same program ({@link #workers}) on the
 * calibrated machine. Nothing is fitted to it: it says whether the simulator's placement of released
 * threads, with the group as measured, reproduces an oversubscribed barrier (session 37: on an idle
 * 2-vCPU VM, such a run keeps one processor idle on average). Like the group's latency, its wall times
 * need an idle machine.
 */
public final class BarrierCheck {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /** The parties of the checked barriers. */
    static final int[] PARTIES = {2, 4, 8};

    /** One barrier size on one processor count: ns per episode, measured and predicted. */
    public record Row(int parties, int processors, double wall, double cpu, double predictedWall, double predictedCpu) {
        String line() {
            return String.format(Locale.ROOT, "cross-core check: CyclicBarrier of %d on %d cpu%s: measured %.2f µs wall, %.2f µs CPU per episode; predicted %.2f µs, %.2f µs CPU",
                    parties, processors, processors == 1 ? "" : "s", wall / 1e3, cpu / 1e3, predictedWall / 1e3, predictedCpu / 1e3);
        }
    }

    private final int episodes, repetitions;
    private final long spins;

    /**
     * @param episodes barrier trips per timed run
     * @param repetitions timed runs per row (the best counts)
     * @param spins iterations of a multiply-add loop per episode, shared by the parties (20 000: about 25 µs,
     *     the work per episode of the Sor kernel at 256²)
     */
    public BarrierCheck(int episodes, int repetitions, long spins) {
        this.episodes = episodes;
        this.repetitions = repetitions;
        this.spins = spins;
    }

    /** Measures on {@code cpus} (the first one, then the first two) and predicts each row on {@code machine}. */
    public List<Row> run(int[] cpus, MachineModel machine) throws IOException, InterruptedException {
        String one = Integer.toString(cpus[0]), two = cpus[0] + "," + cpus[1];
        episode(1, one, episodes / 4); // warm-up: the JIT compiles the loop
        double work = best(1, one)[1]; // the episode's work alone: one party, its barrier trips at once
        List<Row> rows = new ArrayList<>();
        for (int n : PARTIES) {
            for (int p = 1; p <= 2; p++) {
                double[] m = best(n, p == 1 ? one : two);
                double[] pred = predict(machine, n, p, work);
                rows.add(new Row(n, p, m[0], m[1], pred[0], pred[1]));
            }
        }
        return rows;
    }

    /** What {@code calibrate} prints. */
    public static List<String> report(List<Row> rows) {
        return rows.stream().map(Row::line).toList();
    }

    /**
     * ns of wall and processor time per episode the simulator predicts for {@code parties} threads on
     * {@code processors} of {@code machine}, the episode's work {@code workNs} (one party's whole run)
     * shared among them, each arrival costing the machine's barrier cost as in a kernel's graph.
     */
    static double[] predict(MachineModel machine, int parties, int processors, double workNs) {
        int trips = 200;
        double nsPerCycle = 1e9 / machine.clockHz();
        long barrier = machine.costOf("jvm.barrier");
        long share = Math.max(0, Math.round(workNs / nsPerCycle / parties) - barrier);
        MachineModel m = new MachineModel("barrier-check", processors, machine.clockHz(), MachineModel.Scheduling.FIFO, machine.timeSliceCycles(),
                0, 1, Map.of(MachineModel.DEFAULT_CLASS, 1L), machine.costs(), Map.of(), machine.wakeIdle());
        try {
            ExecutionGraph g = EgraphFile.parse(new StringReader(workers(parties, trips, share)), "barrier-check");
            SimResult r = new Simulator(g, m, 100L * trips * parties + 1000).run();
            double busy = r.threads().stream().mapToDouble(SimResult.ThreadTime::executing).sum();
            return new double[] {r.cycles() * nsPerCycle / trips, busy * nsPerCycle / trips};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (EgraphException e) {
            throw new IllegalStateException("the check's own graph does not parse", e);
        }
    }

    /**
     * The execution graph of the check: main starts {@code parties} workers, each doing {@code work}
     * cycles of {@code int} instructions then awaiting one barrier, {@code trips} times, and joins them.
     */
    public static String workers(int parties, int trips, long work) {
        StringBuilder b = new StringBuilder("egraph 1\nentry 0\nmethod 0 t/Main.main([Ljava/lang/String;)V\nmethod 1 t/Main.work()V\n");
        b.append("tree 0 ").append(2 * parties + 1).append('\n');
        for (int i = 0; i < 2 * parties; i++) {
            b.append("v ").append(i).append(" bci=").append(i).append(" ops=local:1 act=")
                    .append(i < parties ? "thread-start calls=1" : "thread-join").append(" next=").append(i + 1).append('\n');
        }
        b.append("v ").append(2 * parties).append(" bci=").append(2 * parties).append(" ops=return:1\n");
        b.append("tree 1 4\n");
        b.append("v 0 bci=0 ops=int:1 next=1\n");
        b.append("v 1 bci=1 ops=local:1 next=2,3 loop=0 trips=").append(trips).append('\n');
        b.append("v 2 bci=2 ops=int:").append(work).append(" act=barrier key=t/Main.barrier next=1\n");
        b.append("v 3 bci=3 ops=return:1\n");
        return b.toString();
    }

    private double[] best(int parties, String cpus) throws IOException, InterruptedException {
        return CrossCore.bestOf(repetitions, () -> episode(parties, cpus, episodes));
    }

    /** One run of {@code n} episodes of {@code parties} threads, each pinned to the processors {@code cpus}: ns wall and CPU per episode. */
    private double[] episode(int parties, String cpus, int n) throws IOException, InterruptedException {
        CyclicBarrier barrier = new CyclicBarrier(parties);
        CyclicBarrier start = new CyclicBarrier(parties + 1); // every party pinned before the clock starts
        long[] cpuNs = new long[parties];
        IOException[] failure = new IOException[1];
        Thread[] threads = new Thread[parties];
        for (int i = 0; i < parties; i++) {
            int me = i;
            threads[i] = new Thread(() -> {
                try {
                    CrossCore.pin(cpus);
                    start.await();
                    long c0 = CPU.getCurrentThreadCpuTime(), sink = 0;
                    for (int e = 0; e < n; e++) {
                        sink += spin(spins / parties);
                        barrier.await();
                    }
                    cpuNs[me] = CPU.getCurrentThreadCpuTime() - c0 + (sink == 42 ? 1 : 0); // sink used: the loop is not dead code
                } catch (IOException e) {
                    failure[0] = e;
                    start.reset();
                    barrier.reset();
                } catch (InterruptedException | BrokenBarrierException e) {
                    barrier.reset();
                }
            }, "barrier-check-" + i);
            threads[i].start();
        }
        long w0;
        try {
            start.await();
        } catch (BrokenBarrierException e) {
            // a party failed to pin itself: reported below
        }
        w0 = System.nanoTime();
        for (Thread t : threads) t.join();
        long wall = System.nanoTime() - w0;
        if (failure[0] != null) throw failure[0];
        long total = 0;
        for (long c : cpuNs) total += c;
        return new double[] {(double) wall / n, (double) total / n};
    }

    /** {@code n} iterations of a multiply-add the JIT cannot drop (its result is used). */
    private static long spin(long n) {
        long x = 1;
        for (long i = 0; i < n; i++) x = x * 6364136223846793005L + i;
        return x;
    }
}
