package dev.wholetrace.simulate.calibrate;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.wholetrace.simulate.des.JitWindow;
import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.machine.JitCosts;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code calibrate --jit} (session 41): the machine's JIT term ({@link JitCosts}, docs/machine-model.md)
 * from {@link MicroBenchmarks}' fitted loops, none of them a program the predictions are checked on.
 * Each measurement is a child JVM ({@link JitProbe}) of the running JDK on this process's processors
 * (a child inherits the CPU affinity: run calibrate under {@code taskset -c 0}):
 * <ol>
 * <li>the compilers' price: the compiler threads' CPU time of a JVM that calls every loop until C1 and
 * C2 have compiled it ({@code -Xbatch}), less that of a JVM that calls none (its start-up's), per bytecode
 * byte of the loops (their own bytes, as the graph gives them: what the simulator charges a hot method;
 * what C2 inlines into them and what they make the JVM compile from the JDK is part of the price). The
 * JVM's own count, {@code -XX:+CITime}'s bytes with the inlined ones, is reported beside it. C1's CPU
 * is split from C2's by thread name ("C1 CompilerThre…");</li>
 * <li>the slow phase: each loop's best time under {@code -Xint} and under {@code -XX:TieredStopAtLevel=3}
 * (C1 with the profiling that tier 3 runs until C2 takes over) against its time with both compilers;
 * each factor is the geometric mean over the loops;</li>
 * <li>the thresholds: this JVM's own {@code Tier3*} and {@code Tier4*} flags.</li>
 * </ol>
 * Linux only (the compiler threads' CPU is read from /proc); elsewhere {@link #measure} says so and the
 * term stays unset.
 */
public final class JitCalibration {
    private static final String PROBE = JitProbe.class.getName();
    private static final Pattern CITIME = Pattern.compile("\\s+(C[12]) \\{speed:.*standard:\\s*[0-9.]+ s,\\s*(\\d+) bytes,.*osr:\\s*[0-9.]+ s,\\s*(\\d+) bytes,");

    private final int repetitions, speedIterations;

    /**
     * @param repetitions child JVMs per compile and idle measurement (the median is taken)
     * @param speedIterations iterations of each loop per timed run in the speed measurements
     */
    public JitCalibration(int repetitions, int speedIterations) {
        this.repetitions = repetitions;
        this.speedIterations = speedIterations;
    }

    /** What was measured, and the term. */
    public record Result(JitCosts costs, List<String> report) {}

    /** Measures the JIT term on a machine of {@code clockHz}. */
    public Result measure(double clockHz) throws IOException, InterruptedException, Exception {
        List<String> report = new ArrayList<>();
        if (!Path.of("/proc/self/task").toFile().isDirectory()) {
            report.add("jit: not measured: no /proc/self/task to read the compiler threads' CPU time from; the jit.* keys are left unset (no JIT term)");
            return new Result(JitCosts.NONE, report);
        }
        long ownBytes = loopBytes(Calibration.graph());
        List<long[]> compiled = new ArrayList<>(), idle = new ArrayList<>(); // {C1 ns, C2 ns, C1 bytes, C2 bytes}
        for (int r = 0; r < repetitions; r++) {
            compiled.add(compilers(child(List.of("-Xbatch", "-XX:CompileCommand=quiet",
                    "-XX:CompileCommand=exclude," + MicroBenchmarks.class.getName() + "::run"), "compile")));
            idle.add(compilers(child(List.of("-Xbatch"), "idle")));
        }
        double c1ns = Math.max(0, median(compiled, 0) - median(idle, 0)), c2ns = Math.max(0, median(compiled, 1) - median(idle, 1));
        double c1bytes = median(compiled, 2) - median(idle, 2), c2bytes = median(compiled, 3) - median(idle, 3);
        double c1 = c1ns * 1e-9 * clockHz / ownBytes, c2 = c2ns * 1e-9 * clockHz / ownBytes;
        report.add(String.format(Locale.ROOT, "jit: compilers: %d loops, %d bytecode bytes (their own); C1 %.1f ms CPU, C2 %.1f ms (median of %d JVMs, less a JVM's "
                + "start-up's): %.3f and %.3f ms per KiB of the loops' bytes; per KiB of what -XX:+CITime counts (inlined bytes included: C1 %.0f, C2 %.0f bytes) %.3f and %.3f",
                MicroBenchmarks.FITTED.length, ownBytes, c1ns / 1e6, c2ns / 1e6, repetitions, c1ns / 1e6 / ownBytes * 1024, c2ns / 1e6 / ownBytes * 1024,
                c1bytes, c2bytes, c1bytes > 0 ? c1ns / 1e6 / c1bytes * 1024 : Double.NaN, c2bytes > 0 ? c2ns / 1e6 / c2bytes * 1024 : Double.NaN));
        Map<String, Long> both = speeds(List.of()), interpreted = speeds(List.of("-Xint")), c1only = speeds(List.of("-XX:TieredStopAtLevel=3"));
        double fi = geometricRatio(interpreted, both), f1 = geometricRatio(c1only, both);
        for (String name : MicroBenchmarks.FITTED) {
            report.add(String.format(Locale.ROOT, "jit: %-18s %9.3f ns per iteration interpreted, %7.3f C1 (tier 3), %7.3f C1 and C2", name,
                    interpreted.get(name) / (double) speedIterations, c1only.get(name) / (double) speedIterations, both.get(name) / (double) speedIterations));
        }
        report.add(String.format(Locale.ROOT, "jit: interpreted code %.1f times its C2 time, C1 (tier 3) %.2f times (geometric means over the loops)", fi, f1));
        JitCosts.Thresholds t3 = thresholds("Tier3"), t4 = thresholds("Tier4");
        report.add("jit: thresholds of this JVM: tier 3 " + t3 + ", tier 4 " + t4);
        return new Result(new JitCosts(c1, c2, Math.max(1, fi), Math.max(1, f1), t3, t4), report);
    }

    /** The fitted loops' own bytecode bytes, as the simulator counts a method's ({@link JitWindow#bytecodeBytes}). */
    static long loopBytes(ExecutionGraph g) {
        Map<String, Integer> bytes = JitWindow.bytecodeBytes(g);
        Set<String> fitted = Set.of(MicroBenchmarks.FITTED);
        long n = 0;
        for (MethodGraph m : g.methods()) {
            String name = m.id().substring(m.id().lastIndexOf('.', m.id().indexOf('(')) + 1, m.id().indexOf('('));
            if (fitted.contains(name)) n += bytes.get(m.id());
        }
        return n;
    }

    private static double median(List<long[]> rows, int i) {
        double[] xs = rows.stream().mapToDouble(r -> r[i]).sorted().toArray();
        return xs.length % 2 == 1 ? xs[xs.length / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
    }

    /** The geometric mean over the loops of {@code slow}'s time over {@code fast}'s. */
    static double geometricRatio(Map<String, Long> slow, Map<String, Long> fast) {
        double log = 0;
        int n = 0;
        for (Map.Entry<String, Long> e : fast.entrySet()) {
            Long s = slow.get(e.getKey());
            if (s == null || e.getValue() <= 0 || s <= 0) continue;
            log += Math.log(s / (double) e.getValue());
            n++;
        }
        return n == 0 ? 1 : Math.exp(log / n);
    }

    /** {C1 ns, C2 ns, C1 bytes, C2 bytes} of a compile or idle child's output. */
    static long[] compilers(String out) {
        long[] r = new long[4];
        for (String line : out.split("\n")) {
            if (line.startsWith("cpu C1 ")) r[0] = Long.parseLong(line.substring(7).trim());
            else if (line.startsWith("cpu C2 ")) r[1] = Long.parseLong(line.substring(7).trim());
            else {
                Matcher m = CITIME.matcher(line);
                if (m.find()) r[m.group(1).equals("C1") ? 2 : 3] = Long.parseLong(m.group(2)) + Long.parseLong(m.group(3));
            }
        }
        return r;
    }

    private Map<String, Long> speeds(List<String> options) throws IOException, InterruptedException {
        Map<String, Long> out = new HashMap<>();
        for (String line : child(options, "speed", Integer.toString(speedIterations)).split("\n")) {
            String[] f = line.trim().split(" ");
            if (f.length == 3 && f[0].equals("loop")) out.put(f[1], Long.parseLong(f[2]));
        }
        if (out.size() != MicroBenchmarks.FITTED.length) throw new IOException("the JIT probe timed " + out.size() + " of " + MicroBenchmarks.FITTED.length + " loops " + options);
        return out;
    }

    /** Runs {@link JitProbe} in a child JVM of this JDK with {@code options}; its standard output. */
    private static String child(List<String> options, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:+UnlockDiagnosticVMOptions");
        cmd.add("-XX:+CITime");
        cmd.add("-XX:-UseDynamicNumberOfCompilerThreads"); // a dynamic compiler thread that ends takes its CPU time with it
        cmd.addAll(options);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(PROBE);
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        if (rc != 0) throw new IOException("the JIT probe " + String.join(" ", args) + " exited with " + rc);
        return out;
    }

    /** This JVM's thresholds of one tier ({@code Tier3} or {@code Tier4}). */
    private static JitCosts.Thresholds thresholds(String tier) {
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return new JitCosts.Thresholds(flag(hs, tier + "InvocationThreshold"), flag(hs, tier + "MinInvocationThreshold"),
                flag(hs, tier + "CompileThreshold"), flag(hs, tier + "BackEdgeThreshold"));
    }

    private static long flag(HotSpotDiagnosticMXBean hs, String name) {
        return Long.parseLong(hs.getVMOption(name).getValue());
    }
}
