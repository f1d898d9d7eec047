package dev.wholetrace.bench.races;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceDetector;
import dev.wholetrace.analysis.race.RaceProgress;
import dev.wholetrace.analysis.race.VectorClockDetector;
import dev.wholetrace.reader.TraceView;
import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.MemoryUsage;
import javax.management.openmbean.CompositeData;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One detector on one trace, in a JVM of its own so that its peak memory is its own:
 * {@code DetectorChild open|compressed|one-part|baseline FILE} prints {@code seconds peakRssBytes pairs dynamic cpuSeconds rowsHeld parts heapAfterGc}
 * (dynamic -1 for the baseline, which does not count instances; rowsHeld and parts, the compressed
 * detector's {@link RaceDetector.Stats#peakRows} and {@link RaceDetector.Stats#parts}, 0 for the others;
 * heapAfterGc the most heap in use right after a garbage collection, over the run: what the
 * detector kept, plus what the collection left for later, where peak RSS also counts the garbage
 * a large heap lets pile up; -1 when no collection ran). {@code open} only loads the trace:
 * what both detectors pay before they start. cpuSeconds is the process's CPU time over the same
 * span as seconds, every thread of the JVM included (its JIT compilers and GC too): on a loaded
 * machine the wall seconds include the time spent waiting for a core, the CPU seconds do not.
 */
public final class DetectorChild {
    private DetectorChild() {}

    public static void main(String[] args) throws Exception {
        long[] heapAfterGc = {-1};
        watchCollections(heapAfterGc);
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime(); // read once before the span: the MXBean's own start-up stays out of it
        long t0 = System.nanoTime();
        TraceView trace = TraceView.open(Path.of(args[1]));
        long pairs = 0, dynamic = 0, rowsHeld = 0, parts = 0;
        switch (args[0]) {
            case "open" -> { }
            case "compressed" -> {
                RaceDetector.Result r = RaceDetector.detect(trace, false);
                pairs = r.races().size();
                for (Race race : r.races()) dynamic += race.count();
                rowsHeld = r.stats().peakRows();
                parts = r.stats().parts();
            }
            case "one-part" -> { // the compressed detector holding every row at once, as before it checked the trace in parts
                RaceDetector.Result r = RaceDetector.detect(trace, false, RaceProgress.NONE, Long.MAX_VALUE);
                pairs = r.races().size();
                for (Race race : r.races()) dynamic += race.count();
                rowsHeld = r.stats().peakRows();
                parts = r.stats().parts();
            }
            case "baseline" -> {
                pairs = VectorClockDetector.detect(trace).pairs().size();
                dynamic = -1;
            }
            default -> throw new IllegalArgumentException("open, compressed, one-part or baseline, not " + args[0]);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double cpuSeconds = (os.getProcessCpuTime() - cpu0) / 1e9;
        long heap;
        synchronized (heapAfterGc) { // the listener runs on a thread of its own
            heap = heapAfterGc[0];
        }
        System.out.printf(Locale.ROOT, "%.3f %d %d %d %.3f %d %d %d%n", seconds, peakRss(), pairs, dynamic, cpuSeconds, rowsHeld, parts, heap);
    }

    /** Keeps in {@code max[0]} the most heap in use after any collection (all pools summed). */
    private static void watchCollections(long[] max) {
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((javax.management.NotificationEmitter) gc).addNotificationListener((n, handback) -> {
                if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) return;
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                long used = 0;
                for (MemoryUsage u : info.getGcInfo().getMemoryUsageAfterGc().values()) used += u.getUsed();
                synchronized (max) {
                    max[0] = Math.max(max[0], used);
                }
            }, null, null);
        }
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
