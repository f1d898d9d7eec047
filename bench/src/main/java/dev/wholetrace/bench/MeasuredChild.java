package dev.wholetrace.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs one child JVM of {@code bench overhead} and measures it: wall time (just before start to
 * just after reaped), CPU time (user + system of all its threads, from this JVM's reaped-children
 * time) and peak RSS. Peak RSS comes from GNU {@code /usr/bin/time -f %M}, which reports the
 * {@code ru_maxrss} that {@code wait4} returns for its one child: the kernel's high-water mark of
 * that process's resident set (VmHWM at exit), so no peak between two polls is missed and no
 * other child's peak is mixed in (this JVM's own RUSAGE_CHILDREN maxrss is the maximum over every
 * child so far). A run longer than {@code capSeconds} is killed and reported as capped: its wall
 * time is then a lower bound.
 */
final class MeasuredChild {
    static final String TIME = "/usr/bin/time";

    /** One run: exit code, stdout, stderr, wall and CPU seconds, peak RSS in bytes (-1 unknown), capped. */
    record Run(int exit, String out, String err, double wallSeconds, double cpuSeconds, long peakRssBytes, boolean capped) {
        /** Fails unless this run exited and printed as {@code plain} did and the agent reported nothing. */
        void expectSameAs(Run plain, String context) {
            new ChildJvm.Run(exit, out, err, wallSeconds, cpuSeconds)
                    .expectSameAs(new ChildJvm.Run(plain.exit, plain.out, plain.err, plain.wallSeconds, plain.cpuSeconds), context);
        }
    }

    private final Path dir;
    private final boolean haveTime;

    MeasuredChild(Path dir) {
        this.dir = dir;
        this.haveTime = Files.isExecutable(Path.of(TIME));
    }

    /** Whether peak RSS is measured (GNU time present). */
    boolean measuresRss() {
        return haveTime;
    }

    Run run(List<String> cmd, long capSeconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "child", ".out");
        Path err = Files.createTempFile(dir, "child", ".err");
        Path rss = Files.createTempFile(dir, "child", ".rss");
        try {
            List<String> full = new ArrayList<>();
            if (haveTime) full.addAll(List.of(TIME, "-o", rss.toString(), "-f", "%M"));
            full.addAll(cmd);
            long cpu0 = CpuMeter.selfTicks()[1];
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(full).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            boolean capped = false;
            if (!p.waitFor(capSeconds, TimeUnit.SECONDS)) {
                capped = true;
                p.descendants().forEach(ProcessHandle::destroyForcibly); // the JVM under /usr/bin/time, which then reports it
                if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
            }
            long t1 = System.nanoTime();
            long cpu1 = CpuMeter.selfTicks()[1];
            double wall = capped ? capSeconds : (t1 - t0) / 1e9;
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
                    wall, (cpu1 - cpu0) / CpuMeter.HZ, haveTime ? maxRss(rss) : -1, capped);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            Files.deleteIfExists(rss);
        }
    }

    /** The last line of time's output that is a number (KiB), in bytes; "Command exited with..." lines come first. */
    private static long maxRss(Path file) throws IOException {
        long kib = -1;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String t = line.trim();
            if (t.matches("[0-9]+")) kib = Long.parseLong(t);
        }
        return kib < 0 ? -1 : kib * 1024;
    }
}
