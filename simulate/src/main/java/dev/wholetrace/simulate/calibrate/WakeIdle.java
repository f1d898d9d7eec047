package dev.wholetrace.simulate.calibrate;

import dev.wholetrace.simulate.machine.WakeTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * The wake-up table of a machine file ({@link WakeTable}, {@code calibrate --cross-core}, docs/machine-model.md):
 * what waking a thread parked on another processor costs against how long that processor has been idle.
 * On this project's VM a processor idle for a few microseconds is still polling (guest halt-polling) and
 * is woken for about 1 µs of the waker's time; one idle longer has halted and costs 11–16 µs inside
 * {@code unpark} (session 38, the lead's {@code WakeIdle} program, which this measures the same way).
 *
 * <p>A waker pinned to one processor and a sleeper pinned to another: the sleeper parks; the waker spins
 * for the idle time (plus {@link #SETTLE_NS}, for the sleeper to get into {@code park}), then unparks it.
 * Per idle time, the medians over the wake-ups of: the {@code unpark} call's duration on the waker (its
 * processor time: the row's cost) and the time from the call's start until the sleeper runs (the row's
 * latency). The waker spins, so its processor is never idle, and the sleeper's is idle for the idle
 * time. Wall times: the latency needs an idle machine; under load the sleeper's processor runs other
 * programs, and it is the load's.
 */
public final class WakeIdle {
    /** ns the waker spins beyond the nominal idle time before it unparks: the sleeper getting from its flag into {@code park}. */
    static final long SETTLE_NS = 3_000;

    /** The idle times {@code calibrate --cross-core} sweeps, in ns: the step at about 3.5 µs, then the plateau to 5 ms. */
    public static final long[] IDLE_NS = {0, 1_000, 2_000, 3_000, 4_000, 5_000, 8_000, 10_000, 20_000, 50_000, 200_000, 1_000_000, 5_000_000};

    /** Per idle time (ns), the medians in ns of the waker's {@code unpark} and of the latency until the sleeper runs. */
    public record Result(int waker, int sleeper, long[] idleNs, double[] unparkNs, double[] latencyNs) {
        /** The machine file's table on a clock of {@code clockHz} (rows in cycles). */
        public WakeTable table(double clockHz) {
            int n = idleNs.length;
            long[] idle = new long[n], cost = new long[n], latency = new long[n];
            for (int i = 0; i < n; i++) {
                idle[i] = Math.round(idleNs[i] * clockHz / 1e9);
                cost[i] = Math.round(unparkNs[i] * clockHz / 1e9);
                latency[i] = Math.round(latencyNs[i] * clockHz / 1e9);
            }
            return new WakeTable(idle, cost, latency);
        }

        /** What {@code calibrate} prints: one line per idle time. */
        public List<String> report() {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < idleNs.length; i++) {
                lines.add(String.format(Locale.ROOT, "wake-idle: waker on cpu %d, sleeper on cpu %d idle %.1f µs: unpark %.2f µs (the waker's processor time), latency %.2f µs",
                        waker, sleeper, idleNs[i] / 1e3, unparkNs[i] / 1e3, latencyNs[i] / 1e3));
            }
            return lines;
        }
    }

    private final long[] idleNs;
    private final long budgetNs;

    /**
     * @param idleNs the idle times to measure, ascending
     * @param budgetNs about how long each idle time is measured (at least 200 wake-ups, at most 20 000)
     */
    public WakeIdle(long[] idleNs, long budgetNs) {
        this.idleNs = idleNs.clone();
        this.budgetNs = budgetNs;
    }

    /** Measures with the waker on {@code waker} and the sleeper on {@code sleeper}, after a warm-up sweep of the shortest idle time. */
    public Result measure(int waker, int sleeper) throws IOException, InterruptedException {
        run(waker, sleeper, idleNs[0], 200); // the JIT compiles both loops
        double[] unpark = new double[idleNs.length], latency = new double[idleNs.length];
        for (int i = 0; i < idleNs.length; i++) {
            int n = (int) Math.max(200, Math.min(20_000, budgetNs / (idleNs[i] + SETTLE_NS + 20_000)));
            double[] r = run(waker, sleeper, idleNs[i], n);
            unpark[i] = r[0];
            latency[i] = r[1];
        }
        return new Result(waker, sleeper, idleNs, unpark, latency);
    }

    /** {@code n} wake-ups after {@code idle} ns: the medians of the unpark call and of the latency, ns. */
    static double[] run(int wakerCpu, int sleeperCpu, long idle, int n) throws IOException, InterruptedException {
        Sleeper s = new Sleeper(sleeperCpu);
        Thread st = new Thread(s, "wake-idle-sleeper");
        long[] unpark = new long[n], latency = new long[n];
        IOException[] wakerFailure = new IOException[1];
        Thread wt = new Thread(() -> {
            try {
                CrossCore.pin(Integer.toString(wakerCpu));
            } catch (IOException e) {
                wakerFailure[0] = e;
                return;
            }
            while (!s.pinned) Thread.onSpinWait();
            if (s.failure != null) return;
            for (int i = 0; i < n; i++) {
                while (s.phase != 1) Thread.onSpinWait();
                long until = System.nanoTime() + idle + SETTLE_NS;
                while (System.nanoTime() < until) Thread.onSpinWait();
                s.phase = 2;
                long t0 = System.nanoTime();
                LockSupport.unpark(st);
                unpark[i] = System.nanoTime() - t0;
                while (s.acks != i + 1) Thread.onSpinWait();
                latency[i] = s.wokeAt - t0;
            }
        }, "wake-idle-waker");
        st.start();
        wt.start();
        wt.join();
        s.stop = true;
        LockSupport.unpark(st);
        st.join();
        if (wakerFailure[0] != null) throw wakerFailure[0];
        if (s.failure != null) throw s.failure;
        return new double[] {median(unpark), median(latency)};
    }

    static double median(long[] xs) {
        long[] s = xs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    /** The parked side: announces it is about to park (phase 1), and stamps the time it runs again after a wake-up (phase 2). */
    private static final class Sleeper implements Runnable {
        final int cpu;
        volatile boolean pinned, stop;
        volatile int phase, acks;
        volatile long wokeAt;
        volatile IOException failure;

        Sleeper(int cpu) {
            this.cpu = cpu;
        }

        @Override
        public void run() {
            try {
                CrossCore.pin(Integer.toString(cpu));
            } catch (IOException e) {
                failure = e;
                pinned = true;
                return;
            }
            pinned = true;
            while (!stop) {
                phase = 1;
                LockSupport.park(this);
                if (phase == 2) { // not a spurious return
                    wokeAt = System.nanoTime();
                    phase = 0;
                    acks++;
                }
            }
        }
    }
}
