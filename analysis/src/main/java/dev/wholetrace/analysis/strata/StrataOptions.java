package dev.wholetrace.analysis.strata;

/**
 * What a strata analysis builds and reports.
 *
 * @param layers      stratum layers to build above the paths (0: paths only, what {@code hot} needs)
 * @param memoryBytes budget for the tables of paths and strata; above it the highest layer still
 *                    built is given up (its statistics are then marked incomplete)
 * @param maxLength   longest path or stratum, in elements (the paper's implementation limit, 2048)
 * @param top         hottest paths and most executed strata per layer to report
 * @param sample      runs of each layer kept per thread for the temporal strata output
 * @param thread      the one thread to analyse, or -1 for all
 * @param sizes       whether to measure what each layer would take compressed (zlib, as the paper's
 *                    compression server); costs a deflate of every layer's runs
 * @param sampleFrom  the first run kept for the temporal strata (0: each thread's first; paging
 *                    through the whole temporal sequence, {@code sample} runs a page)
 */
public record StrataOptions(int layers, long memoryBytes, int maxLength, int top, int sample, int thread, boolean sizes, long sampleFrom) {
    public static final int MAX_LAYERS = 16;

    /** Options whose temporal strata are each thread's first {@code sample} runs. */
    public StrataOptions(int layers, long memoryBytes, int maxLength, int top, int sample, int thread, boolean sizes) {
        this(layers, memoryBytes, maxLength, top, sample, thread, sizes, 0);
    }

    public StrataOptions {
        if (layers < 0 || layers > MAX_LAYERS) throw new IllegalArgumentException("--layers " + layers + " is outside 0.." + MAX_LAYERS);
        if (memoryBytes < 1 << 20) throw new IllegalArgumentException("the strata memory budget " + memoryBytes + " bytes is below 1 MB");
        if (maxLength < 1) throw new IllegalArgumentException("maximum path length " + maxLength + " < 1");
        if (top < 0) throw new IllegalArgumentException("--top " + top + " < 0");
        if (sample < 0) throw new IllegalArgumentException("--sample " + sample + " < 0");
        if (sampleFrom < 0) throw new IllegalArgumentException("--from " + sampleFrom + " < 0");
    }

    /** What {@code hot} needs: paths only, the {@code top} hottest. */
    public static StrataOptions hotPaths(int top, int thread) {
        return new StrataOptions(0, 256L << 20, 2048, top, 0, thread, false);
    }

    /** Four layers, a 256 MB budget, the top 10, 16 runs of each layer per thread, sizes measured. */
    public static StrataOptions defaults() {
        return new StrataOptions(4, 256L << 20, 2048, 10, 16, -1, true);
    }
}
