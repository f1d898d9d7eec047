package dev.wholetrace.bench.races;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.VectorClockDetector;
import dev.wholetrace.reader.TraceView;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One detector on one trace, in a JVM of its own so that its peak memory is its own:
 * {@code DetectorChild open|compressed|baseline FILE} prints {@code seconds peakRssBytes pairs dynamic cpuSeconds}
 * (dynamic -1 for the baseline, which does not count instances). {@code open} only loads the trace:
 * what both detectors pay before they start. cpuSeconds is the process's CPU time over the same
 * span as seconds, every thread of the JVM included (its JIT compilers and GC too): on a loaded
 * machine the wall seconds include the time spent waiting for a core, the CPU seconds do not.
 */
public final class DetectorChild {
    private DetectorChild() {}

    public static void main(String[] args) throws Exception {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime(); // read once before the span: the MXBean's own start-up stays out of it
        long t0 = System.nanoTime();
        TraceView trace = TraceView.open(Path.of(args[1]));
        long pairs = 0, dynamic = 0;
        switch (args[0]) {
            case "open" -> { }
            case "compressed" -> {
                RaceDetector.Result r = RaceDetector.detect(trace, false);
                pairs = r.races().size();
                for (Race race : r.races()) dynamic += race.count();
            }
            case "baseline" -> {
                pairs = VectorClockDetector.detect(trace).pairs().size();
                dynamic = -1;
            }
            default -> throw new IllegalArgumentException("open, compressed or baseline, not " + args[0]);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpuSeconds = (os.getProcessCpuTime() - cpu0) / 1e9;
        System.out.printf(Locale.ROOT, "%.3f %d %d %d %.3f%n", seconds, peakRss(), pairs, dynamic, cpuSeconds);
    }

    /** VmHWM of /proc/self/status in bytes (-1 where there is none). */
    static long peakRss() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmHWM:")) return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
            }
        } catch (Exception e) {
            // not Linux
        }
        return -1;
    }
}
