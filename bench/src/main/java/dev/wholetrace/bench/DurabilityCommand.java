package dev.wholetrace.bench;

import dev.wholetrace.format.io.Codec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench durability}: records a multithreaded program under the agent, kills it with
 * SIGKILL at seeded random moments and reports what the trace kept, for the current settings and
 * the old ones (10 s chunks sealed with xz -9) at the same kill moments; then times clean exits.
 */
@Command(name = "durability", mixinStandardHelpOptions = true,
        description = {"Kills recordings at random moments and reports what survived: for each kill the age of the oldest "
                + "event the trace lost (target: every event older than 2 s survives), the sync operations kept and whether a "
                + "thread blocked for good had its events written. Each kill moment is tried with the current agent settings "
                + "(1 s chunks, fast codec) and with the old ones (10 s chunks, xz -9). Then a few clean runs per setting "
                + "time the JVM's exit after the program's work and the trace's size before and after 'wholetrace recompress'.",
                "Writes durability.md and durability.csv to the output directory.",
                "",
                "Example: ./wholetrace bench durability --quick"})
final class DurabilityCommand implements Callable<Integer> {
    @Mixin
    ChildJvmOptions jvm = new ChildJvmOptions();

    @Option(names = "--quick", description = "5 kills per setting between 1 and 4 s, 1 clean run (about 2 minutes).")
    boolean quick;

    @Option(names = "--trials", description = "Kills per setting (default 20, or 5 with --quick).")
    Integer trials;

    @Option(names = "--seed", defaultValue = "13", description = "Seed of the kill moments (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--min", defaultValue = "1", description = "Earliest kill, seconds after the child started (default: ${DEFAULT-VALUE}).")
    double min;

    @Option(names = "--max", description = "Latest kill, seconds after the child started (default 8, or 4 with --quick).")
    Double max;

    @Option(names = "--threads", defaultValue = "4", description = "Worker threads of the program (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--steps", defaultValue = "50",
            description = "Arithmetic steps between two lock/unlock iterations: fewer means more sync operations per second (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--exits", description = "Clean runs per setting (default 3, or 1 with --quick).")
    Integer exits;

    static final DurabilityTrial.Config CURRENT = new DurabilityTrial.Config("current", 1_000, Codec.FAST);
    static final DurabilityTrial.Config OLD = new DurabilityTrial.Config("old", 10_000, Codec.XZ);
    /** The target: every event older than this survives a SIGKILL. */
    static final double TARGET_SECONDS = 2.0;
    /** How long a clean run's program works. */
    static final long EXIT_RUN_SECONDS = 4;

    private final Log log = new Log();

    @Override
    public Integer call() throws Exception {
        int n = trials != null ? trials : quick ? 5 : 20;
        double hi = max != null ? max : quick ? 4 : 8;
        int cleanRuns = exits != null ? exits : quick ? 1 : 3;
        if (n < 1 || cleanRuns < 0 || threads < 1 || steps < 0 || min <= 0 || hi < min) {
            throw new IllegalArgumentException("need --trials >= 1, --exits >= 0, --threads >= 1, --steps >= 0 and 0 < --min <= --max");
        }
        Path dir = jvm.prepare("durability");
        Machine machine = Machine.describe();
        DurabilityTrial trial = new DurabilityTrial(jvm, dir, threads, steps);
        log.info("bench durability: %d kills per setting in [%.1f, %.1f] s, seed %d, on %s", n, min, hi, seed, machine.summary());
        CpuMeter.Sample start = CpuMeter.now();
        Random random = new Random(seed);
        List<DurabilityTrial.Kill> kills = new ArrayList<>();
        long runSeconds = (long) Math.ceil(hi) + 5;
        for (int i = 1; i <= n; i++) {
            double at = min + (hi - min) * random.nextDouble();
            for (DurabilityTrial.Config c : List.of(CURRENT, OLD)) {
                DurabilityTrial.Kill k = trial.kill(c, i, at, runSeconds);
                kills.add(k);
                log.info("kill %2d/%d %-7s at %5.2f s (program %5.2f s): %d chunks, %,d of >= %,d sync ops kept, oldest lost event <= %.2f s old%s",
                        i, n, c.name(), k.killSeconds(), k.killProgramSeconds(), k.chunks(), k.syncKept(), k.syncDone(), k.oldestLostAge(),
                        k.blockedKept() ? "" : ", blocked thread's events lost");
            }
        }
        List<DurabilityTrial.Exit> exitRuns = new ArrayList<>();
        for (int r = 1; r <= cleanRuns; r++) {
            for (DurabilityTrial.Config c : List.of(CURRENT, OLD)) {
                DurabilityTrial.Exit e = trial.exit(c, r, EXIT_RUN_SECONDS);
                exitRuns.add(e);
                log.info("exit %d/%d %-7s: exit %.2f s after the work, trace %,d bytes (%,d after recompress)", r, cleanRuns, c.name(),
                        e.exitDelaySeconds(), e.fileBytes(), e.recompressedBytes());
            }
        }
        double load = CpuMeter.otherCores(start, CpuMeter.now());
        DurabilityReport report = new DurabilityReport(machine, quick, seed, min, hi, threads, steps, List.of(CURRENT, OLD), kills, exitRuns,
                log.elapsed(), load);
        report.write(jvm.out);
        System.out.println(report.markdown());
        log.info("done in %.1f s; wrote %s", log.elapsed(), jvm.out);
        return 0;
    }
}
