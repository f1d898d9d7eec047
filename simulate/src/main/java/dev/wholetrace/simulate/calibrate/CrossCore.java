package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.machine.MachineModel;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The cross-core group of a machine file ({@code calibrate --cross-core}, docs/machine-model.md): what a
 * wake-up costs when the woken thread runs on another processor than its waker's, one that was idle. A
 * one-core calibration never sees one, and on a virtual machine it is far dearer than a hand-over on one
 * core (session 36: tens of microseconds of system time per wake-up on this project's 2-vCPU VM).
 *
 * <p>Two threads ping-pong over {@link LockSupport#park}/{@link LockSupport#unpark} (nothing else between
 * the hand-overs), each pinned with {@code taskset -p} to one processor: first both to the same one, then
 * each to its own. Per hand-over, the best of several runs: wall time and processor time (both threads'
 * CPU time, user and system). {@link MachineModel#WAKE_REMOTE} is the processor time the cross-core
 * hand-over takes beyond the same-core one; {@link MachineModel#WAKE_REMOTE_LATENCY} its wall time beyond
 * the same-core one less that processor time: the idle processor waking up. The wall times need an idle
 * machine (on a loaded one the woken thread's processor runs other programs first: the latency is then
 * the load's, and {@code calibrate} prints the load average beside it); the processor times do not.
 */
public final class CrossCore {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    /** Per hand-over: ns of wall time and of processor time (both threads), same-core and cross-core runs. */
    public record Result(int first, int second, double sameWall, double sameCpu, double crossWall, double crossCpu) {
        /** ns of processor time a cross-core wake-up adds, never below 0. */
        public double remoteCpu() {
            return Math.max(0, crossCpu - sameCpu);
        }

        /** ns of wall time a cross-core wake-up adds beyond {@link #remoteCpu}, never below 0. */
        public double remoteLatency() {
            return Math.max(0, crossWall - sameWall - remoteCpu());
        }

        /** The group's {@code cost} entries in cycles of a file whose clock is {@code clockHz} (a calibrated file's: 0.01 ns). */
        public Map<String, Long> costs(double clockHz) {
            Map<String, Long> m = new TreeMap<>();
            m.put(MachineModel.WAKE_REMOTE, Math.round(remoteCpu() * clockHz / 1e9));
            m.put(MachineModel.WAKE_REMOTE_LATENCY, Math.round(remoteLatency() * clockHz / 1e9));
            return m;
        }

        /** What {@code calibrate} prints. */
        public List<String> report() {
            return List.of(
                    String.format(Locale.ROOT, "cross-core: park/unpark ping-pong, both threads on cpu %d: %.2f µs wall, %.2f µs CPU per hand-over", first, sameWall / 1e3, sameCpu / 1e3),
                    String.format(Locale.ROOT, "cross-core: threads on cpus %d and %d: %.2f µs wall, %.2f µs CPU per hand-over", first, second, crossWall / 1e3, crossCpu / 1e3),
                    String.format(Locale.ROOT, "cross-core: cost.jvm.wake.remote %.2f µs (processor time), cost.jvm.wake.remote.latency %.2f µs (idle wake-up); load average %s",
                            remoteCpu() / 1e3, remoteLatency() / 1e3, loadAverage()));
        }
    }

    private final int rounds, repetitions;

    /**
     * @param rounds ping-pong rounds per timed run: each thread hands over once a round, so a run has
     *     twice as many hand-overs ({@code calibrate}'s 10 000 rounds: 20 000 hand-overs)
     * @param repetitions timed runs per placement (the best counts)
     */
    public CrossCore(int rounds, int repetitions) {
        this.rounds = rounds;
        this.repetitions = repetitions;
    }

    /**
     * Measures on the first two processors this process may run on; null (the group unknown) when it may
     * run on one only. {@code taskset} (util-linux) pins the threads; without it this throws.
     */
    public Result measure() throws IOException, InterruptedException {
        int[] cpus = allowedCpus(Files.readString(Path.of("/proc/self/status")));
        if (cpus.length < 2) return null;
        pingPong(cpus[0], cpus[0], rounds / 4); // warm-up: the JIT compiles the loop
        double[] same = best(cpus[0], cpus[0]), cross = best(cpus[0], cpus[1]);
        return new Result(cpus[0], cpus[1], same[0], same[1], cross[0], cross[1]);
    }

    private double[] best(int a, int b) throws IOException, InterruptedException {
        return bestOf(repetitions, () -> pingPong(a, b, rounds));
    }

    /** One timed run: ns wall and CPU per unit ({@link #bestOf}). */
    interface TimedRun {
        double[] run() throws IOException, InterruptedException;
    }

    /** The least wall and the least CPU time of {@code repetitions} runs (each its own best: noise only adds). */
    static double[] bestOf(int repetitions, TimedRun run) throws IOException, InterruptedException {
        double wall = Double.MAX_VALUE, cpu = Double.MAX_VALUE;
        for (int r = 0; r < repetitions; r++) {
            double[] t = run.run();
            wall = Math.min(wall, t[0]);
            cpu = Math.min(cpu, t[1]);
        }
        return new double[] {wall, cpu};
    }

    /** One run of {@code n} rounds (2n hand-overs) between a thread on cpu {@code a} and one on cpu {@code b}: ns wall and CPU per hand-over. */
    static double[] pingPong(int a, int b, int n) throws IOException, InterruptedException {
        Side first = new Side(a, n, true), second = new Side(b, n, false);
        first.other = second;
        second.other = first;
        Thread ta = new Thread(first, "cross-core-a"), tb = new Thread(second, "cross-core-b");
        first.thread = ta;
        second.thread = tb;
        tb.start();
        ta.start();
        ta.join();
        tb.join();
        if (first.failure != null) throw first.failure;
        if (second.failure != null) throw second.failure;
        return new double[] {(double) first.wall / (2L * n), (first.cpuNs + second.cpuNs) / (2.0 * n)};
    }

    /** One thread of the ping-pong: pins itself, waits for both to be pinned, then hands over {@code n} times. */
    private static final class Side implements Runnable {
        final int core, n;
        Side other;
        Thread thread;
        volatile boolean pinned, myTurn;
        long wall, cpuNs;
        volatile IOException failure;

        Side(int core, int n, boolean starts) {
            this.core = core;
            this.n = n;
            this.myTurn = starts;
        }

        @Override
        public void run() {
            try {
                pin(Integer.toString(core));
            } catch (IOException e) {
                failure = e;
            }
            pinned = true;
            while (!other.pinned) Thread.onSpinWait(); // a few ms: taskset is a process
            if (failure != null || other.failure != null) return;
            long w0 = System.nanoTime(), c0 = CPU.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                while (!myTurn) LockSupport.park(this);
                myTurn = false;
                other.myTurn = true;
                LockSupport.unpark(other.thread);
            }
            cpuNs = CPU.getCurrentThreadCpuTime() - c0;
            wall = System.nanoTime() - w0;
        }
    }

    /** Pins the calling thread to the processors {@code cpus} ({@code 0} or {@code 0,1}: {@code taskset -p -c CPUS TID}: Java has no affinity call). */
    static void pin(String cpu) throws IOException {
        String tid = Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString();
        Process p = new ProcessBuilder("taskset", "-p", "-c", cpu, tid).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        try {
            if (p.waitFor() != 0) throw new IOException("taskset -p -c " + cpu + " " + tid + " failed: " + out.strip());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while pinning a thread", e);
        }
    }

    /** The processors of a {@code /proc/self/status} text's {@code Cpus_allowed_list} ({@code 0-1,4}), ascending. */
    static int[] allowedCpus(String status) {
        for (String line : status.split("\n")) {
            if (!line.startsWith("Cpus_allowed_list:")) continue;
            List<Integer> cpus = new ArrayList<>();
            for (String range : line.substring(line.indexOf(':') + 1).strip().split(",")) {
                if (range.isEmpty()) continue;
                String[] ends = range.split("-");
                int lo = Integer.parseInt(ends[0].strip()), hi = ends.length > 1 ? Integer.parseInt(ends[1].strip()) : lo;
                for (int c = lo; c <= hi; c++) cpus.add(c);
            }
            return cpus.stream().mapToInt(Integer::intValue).toArray();
        }
        return new int[] {0}; // not Linux: one processor, the group unknown
    }

    /** The one-minute load average, printed beside what needs an idle machine. */
    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "unknown";
        }
    }
}
