package dev.wholetrace.bench;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.wtrace.TraceRepacker;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.AgentOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One recording of the durability program ({@code workloads.durability.SyncCounter}) under the
 * agent with one configuration: killed with SIGKILL at a given moment, or left to finish. The
 * program logs, every 10 ms and per worker thread, how many lock/unlock iterations it has done;
 * the trace says how many sync operations of each thread it kept. The oldest lost event of a
 * worker happened after the last log line whose count the trace still covers (at that line the
 * next iteration had not begun), so kill time minus that line's time bounds its age from above.
 */
final class DurabilityTrial {
    static final String MAIN = "dev.wholetrace.workloads.durability.SyncCounter";
    static final String HEAP = "-Xmx1g";
    /** Iterations the program's blocked thread does before it blocks for good (SyncCounter). */
    static final int BLOCKED_ITERATIONS = 1000;

    /** A recording configuration: the agent's chunk interval and seal codec. */
    record Config(String name, long intervalMillis, Codec codec) {
        String describe() {
            return "interval=" + intervalMillis + " ms, codec=" + codec.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * What a killed recording kept.
     *
     * @param killSeconds       when the kill was sent, seconds after the process started
     * @param killProgramSeconds the same moment on the program's clock (its log's zero)
     * @param chunks            complete chunks in the file
     * @param fileBytes         size of the file
     * @param syncKept          sync operations the trace holds
     * @param syncDone          sync operations the program had done by its last log lines (a lower bound)
     * @param oldestLostAge     upper bound of the age, at the kill, of the oldest event the trace lost (s)
     * @param blockedKept       whether the blocked thread's iterations are all in the trace
     */
    record Kill(Config config, int trial, double killSeconds, double killProgramSeconds, int chunks, long fileBytes, long syncKept,
                long syncDone, double oldestLostAge, boolean blockedKept) {}

    /** A recording that ran to its end: how long the JVM took to exit after the program's work was done. */
    record Exit(Config config, int run, double programSeconds, double exitDelaySeconds, long fileBytes, long recompressedBytes,
                long syncKept) {}

    private final ChildJvmOptions jvm;
    private final Path dir;
    private final int threads;
    private final int work;

    DurabilityTrial(ChildJvmOptions jvm, Path dir, int threads, int work) {
        this.jvm = jvm;
        this.dir = dir;
        this.threads = threads;
        this.work = work;
    }

    /** Runs the program for up to {@code runSeconds}, kills it {@code killSeconds} after its start, and measures the trace. */
    Kill kill(Config config, int trial, double killSeconds, long runSeconds) throws IOException, InterruptedException {
        Path trace = dir.resolve(config.name() + "-" + trial + ".wtrace");
        Path log = dir.resolve(config.name() + "-" + trial + ".log");
        Files.deleteIfExists(trace);
        Process p = start(config, trace, log, runSeconds);
        long started = System.nanoTime();
        long at = started + (long) (killSeconds * 1e9);
        while (System.nanoTime() < at) TimeUnit.NANOSECONDS.sleep(Math.max(1, at - System.nanoTime()));
        long killEpoch = System.currentTimeMillis();
        double killedAt = (System.nanoTime() - started) / 1e9;
        p.destroyForcibly(); // SIGKILL: no shutdown hook, no last chunk
        if (!p.waitFor(60, TimeUnit.SECONDS)) throw new IllegalStateException("the killed child did not go away");
        ProgramLog l = ProgramLog.read(log);
        double killProgram = (killEpoch - l.startEpochMillis) / 1e3;
        Kept kept = Kept.read(trace, threads);
        double oldest = 0;
        long done = 0;
        for (int w = 0; w < threads; w++) {
            List<long[]> lines = l.progress.getOrDefault("worker-" + w, List.of());
            long keptIterations = kept.workerIterations[w];
            double covered = 0; // the time of the last line whose count the trace covers
            for (long[] line : lines) if (line[1] <= keptIterations) covered = line[0] / 1e3;
            oldest = Math.max(oldest, killProgram - covered);
            if (!lines.isEmpty()) done += 1 + 2 * lines.get(lines.size() - 1)[1];
        }
        boolean blockedKept = kept.blockedSync >= 1 + 2L * BLOCKED_ITERATIONS;
        if (l.blockedMillis >= 0) {
            done += 1 + 2L * BLOCKED_ITERATIONS;
            if (!blockedKept) oldest = Math.max(oldest, killProgram - 0); // lost from some time after the start
        }
        Files.deleteIfExists(log);
        Files.deleteIfExists(trace);
        return new Kill(config, trial, killedAt, killProgram, kept.chunks, kept.fileBytes, kept.sync, done, oldest, blockedKept);
    }

    /** Runs the program for {@code runSeconds} to its end and measures how long the exit took after the work. */
    Exit exit(Config config, int run, long runSeconds) throws IOException, InterruptedException {
        Path trace = dir.resolve(config.name() + "-exit-" + run + ".wtrace");
        Path log = dir.resolve(config.name() + "-exit-" + run + ".log");
        Files.deleteIfExists(trace);
        Process p = start(config, trace, log, runSeconds);
        if (!p.waitFor(jvm.timeout, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("the durability program did not finish in " + jvm.timeout + " s");
        }
        long exitEpoch = System.currentTimeMillis();
        if (p.exitValue() != 0) throw new IllegalStateException("the durability program exited with " + p.exitValue());
        ProgramLog l = ProgramLog.read(log);
        if (l.doneMillis < 0) throw new IllegalStateException("the durability program did not log its end");
        double delay = (exitEpoch - l.startEpochMillis - l.doneMillis) / 1e3;
        Kept kept = Kept.read(trace, threads);
        Path small = dir.resolve(config.name() + "-exit-" + run + ".best.wtrace");
        long recompressed = new TraceRepacker(Codec.BEST).repack(trace, small).outBytes();
        Files.deleteIfExists(small);
        Files.deleteIfExists(log);
        Files.deleteIfExists(trace);
        return new Exit(config, run, l.doneMillis / 1e3, delay, kept.fileBytes, recompressed, kept.sync);
    }

    private Process start(Config config, Path trace, Path log, long runSeconds) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(HEAP);
        cmd.add(AgentOptions.of(trace, TraceMode.COR).withInclude("dev.wholetrace.workloads.durability.*")
                .withIntervalMillis(config.intervalMillis()).withCodec(config.codec()).javaagent(jvm.agent));
        cmd.addAll(List.of("-cp", jvm.workloads.toAbsolutePath().normalize().toString(), MAIN, Integer.toString(threads),
                Long.toString(runSeconds), Integer.toString(work)));
        Process p = new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        return p;
    }

    /** What the trace kept: per worker its completed iterations, the blocked thread's sync operations, totals. */
    private record Kept(int chunks, long fileBytes, long sync, long[] workerIterations, long blockedSync) {
        static Kept read(Path trace, int threads) throws IOException {
            long[] iterations = new long[threads];
            if (!Files.exists(trace)) return new Kept(0, 0, 0, iterations, 0);
            long bytes = Files.size(trace);
            ParallelTrace t;
            try {
                t = ParallelTrace.open(trace, th -> false, b -> { }); // sync counts only: no WPP decoded
            } catch (FormatException e) {
                return new Kept(0, bytes, 0, iterations, 0); // no complete chunk yet
            }
            long sync = 0;
            long blocked = 0;
            for (int i = 0; i < t.threads().size(); i++) {
                String name = t.threads().get(i).name();
                long s = t.syncCount(i);
                sync += s;
                if (name.equals("blocked")) blocked = s;
                if (name.startsWith("worker-")) iterations[Integer.parseInt(name.substring(7))] = Math.max(0, (s - 1) / 2); // begin, then lock/unlock pairs
            }
            return new Kept(t.chunkCount(), bytes, sync, iterations, blocked);
        }
    }

    /** The program's log: start epoch, per thread (millis, iterations) lines, blocked and done times. */
    private record ProgramLog(long startEpochMillis, Map<String, List<long[]>> progress, long blockedMillis, long doneMillis) {
        static ProgramLog read(Path log) throws IOException {
            long start = -1;
            long blocked = -1;
            long done = -1;
            Map<String, List<long[]>> progress = new HashMap<>();
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                String[] f = line.split(" ");
                try {
                    switch (f[0]) {
                        case "start" -> start = Long.parseLong(f[1]);
                        case "progress" -> progress.computeIfAbsent(f[2], k -> new ArrayList<>())
                                .add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[3])});
                        case "blocked" -> blocked = Long.parseLong(f[1]);
                        case "done" -> done = Long.parseLong(f[1]);
                        default -> { }
                    }
                } catch (RuntimeException e) {
                    // a line cut by the kill
                }
            }
            if (start < 0) throw new IllegalStateException(log + ": the program did not log its start (killed before it ran?)");
            return new ProgramLog(start, progress, blocked, done);
        }
    }
}
