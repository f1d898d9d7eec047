package dev.wholetrace.simulate.calibrate;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child JVM of {@link JitCalibration} (the JIT term, session 41): one of three experiments on
 * {@link MicroBenchmarks}' fitted loops, its results on standard output, one {@code key value} per line.
 * <ul>
 * <li>{@code compile}: calls each loop until the JVM has compiled it with C1 and C2 (run under {@code
 * -Xbatch}: every compilation finishes before the call goes on), then prints the compiler threads' CPU
 * time ({@code cpu C1 NS}, {@code cpu C2 NS}); the JVM's {@code -XX:+CITime} report, printed at exit,
 * gives the bytes compiled;</li>
 * <li>{@code idle}: the same report without the loops (the JVM's own start-up compilations, subtracted);</li>
 * <li>{@code speed N}: each loop's best thread CPU time of {@code N} iterations ({@code loop NAME NS}), after
 * a warm-up, under whatever compiler the JVM was started with ({@code -Xint}, C1 only, or both).</li>
 * </ul>
 */
public final class JitProbe {
    /** Calls of each loop in {@code compile}: past HotSpot's tier-4 invocation threshold (5 000). */
    static final int CALLS = 12_000;
    /** Iterations per call in {@code compile}: few, so that the invocation counters, not the loops, trigger. */
    static final int CALL_ITERATIONS = 16;

    private JitProbe() {}

    public static void main(String[] args) throws IOException {
        MicroBenchmarks b = new MicroBenchmarks();
        long sink = 0;
        switch (args[0]) {
            case "compile" -> {
                for (String name : MicroBenchmarks.FITTED) for (int i = 0; i < CALLS; i++) sink += b.run(name, CALL_ITERATIONS);
                printCompilerCpu();
            }
            case "idle" -> printCompilerCpu();
            case "speed" -> {
                int n = Integer.parseInt(args[1]);
                ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
                for (String name : MicroBenchmarks.FITTED) {
                    for (int w = 0; w < 10; w++) sink += b.run(name, n);
                    long best = Long.MAX_VALUE;
                    for (int r = 0; r < 5; r++) {
                        long t0 = cpu.getCurrentThreadCpuTime();
                        sink += b.run(name, n);
                        best = Math.min(best, cpu.getCurrentThreadCpuTime() - t0);
                    }
                    System.out.println("loop " + name + " " + best);
                }
            }
            default -> throw new IllegalArgumentException("JitProbe compile|idle|speed N, not " + args[0]);
        }
        MicroBenchmarks.sink = sink;
    }

    /** The CPU time of the JVM's compiler threads ("C1 CompilerThre…", "C2 CompilerThre…"), from /proc/self/task/TID/schedstat (ns). */
    private static void printCompilerCpu() throws IOException {
        long c1 = 0, c2 = 0;
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                String comm, stat;
                try {
                    comm = Files.readString(t.resolve("comm")).trim();
                    stat = Files.readString(t.resolve("schedstat")).trim();
                } catch (IOException gone) {
                    continue; // a thread that ended meanwhile
                }
                long ns = Long.parseLong(stat.split(" ")[0]);
                if (comm.startsWith("C1 CompilerThre")) c1 += ns;
                else if (comm.startsWith("C2 CompilerThre")) c2 += ns;
            }
        }
        System.out.println("cpu C1 " + c1);
        System.out.println("cpu C2 " + c2);
    }
}
