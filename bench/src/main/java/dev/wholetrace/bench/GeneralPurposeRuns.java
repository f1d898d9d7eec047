package dev.wholetrace.bench;

import dev.wholetrace.bench.Result.RawForm;
import dev.wholetrace.baseline.GeneralPurpose;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The general-purpose compressors of {@code bench compressor}: every raw form of every result
 * through gzip, bzip2, xz and zstd, on a thread pool, the costliest jobs first; the sizes and times
 * land in the raw forms.
 */
final class GeneralPurposeRuns {
    private GeneralPurposeRuns() {}

    static void run(List<Result> results, int threads, Log log) throws Exception {
        IdentityHashMap<RawForm, String> forms = new IdentityHashMap<>();
        for (Result r : results) {
            for (RawForm f : r.raws) if (f.source != null) forms.putIfAbsent(f, r.input.replaceAll("/.*", "") + " " + f.name);
        }
        record Job(RawForm form, GeneralPurpose gp, String label) {}
        List<Job> jobs = new ArrayList<>();
        long totalBytes = 0;
        for (var e : forms.entrySet()) {
            totalBytes += e.getKey().bytes;
            for (GeneralPurpose gp : GeneralPurpose.values()) jobs.add(new Job(e.getKey(), gp, e.getValue() + " " + gp.label));
        }
        jobs.sort(Comparator.comparingDouble((Job j) -> j.form.bytes * j.gp.cost).reversed());
        log.info("general-purpose compressors: %d jobs over %.0f MB of raw input, %d threads", jobs.size(), totalBytes / 1e6, threads);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Job j : jobs) {
                futures.add(pool.submit(() -> {
                    long t0 = System.nanoTime();
                    long size = j.gp.compressedBytes(j.form.source);
                    double sec = (System.nanoTime() - t0) / 1e9;
                    synchronized (j.form) {
                        j.form.sizes.put(j.gp, size);
                        j.form.seconds.put(j.gp, sec);
                    }
                    log.info("  [%d/%d] %s: %s -> %s bytes in %.1f s (%.1f MB/s)", done.incrementAndGet(), jobs.size(),
                            j.label, Report.count(j.form.bytes), Report.count(size), sec, j.form.bytes / 1e6 / sec);
                    return null;
                }));
            }
            for (Future<?> f : futures) f.get();
        } finally {
            pool.shutdownNow();
        }
    }
}
