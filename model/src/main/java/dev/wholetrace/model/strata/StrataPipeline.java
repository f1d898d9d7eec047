package dev.wholetrace.model.strata;

/**
 * Paths and stratum layers 0..N-1 over the threads of a trace, one thread after another: the tables
 * and per-layer tallies are shared (a path or stratum has one id in the whole trace), the state
 * (current path, current stratum of each layer) is per thread. The chain for one thread is
 * {@code PathBuilder → tally(paths) → layer 0 → tally(0) → … → layer N-1 → tally(N-1) → top}.
 *
 * <p>A layer can be given up while the trace is read ({@link #giveUpTopLayer}, when the tables
 * outgrow a memory budget): its table is released and the layer below passes its runs straight to
 * the top from then on, for this thread and the next ones.
 */
public final class StrataPipeline {
    /** The paper's implementation limit on path length; also used for strata. */
    public static final int DEFAULT_MAX_LENGTH = 2048;

    private final StrataTables tables;
    private final RunTally[] tallies; // 0: paths; k + 1: layer k
    private final long[] givenUpAt; // per layer: the layer's input count when it was given up, or -1
    private final long[][] givenUpSizes; // per layer given up: its table's size, elements and bytes then (the table is released)
    private final int maxLength;
    private int active;
    private ThreadPipeline current;

    public StrataPipeline(int layers, int maxLength) {
        this.tables = new StrataTables(layers);
        this.tallies = new RunTally[layers + 1];
        for (int i = 0; i < tallies.length; i++) tallies[i] = new RunTally(null);
        this.givenUpAt = new long[layers];
        this.givenUpSizes = new long[layers][];
        java.util.Arrays.fill(givenUpAt, -1);
        this.maxLength = maxLength;
        this.active = layers;
    }

    /** Starts the next thread; its top layer's runs go to {@code top}, and the first {@code sample} runs of every layer are kept. */
    public ThreadPipeline beginThread(RunSink top, int sample) {
        return beginThread(top, 0, sample);
    }

    /** As {@link #beginThread(RunSink, int)}, keeping runs {@code from} to {@code from + sample - 1} of every layer instead. */
    public ThreadPipeline beginThread(RunSink top, long from, int sample) {
        if (current != null && !current.finished) throw new IllegalStateException("the previous thread has not finished");
        for (RunTally t : tallies) t.startSample(from, sample);
        current = new ThreadPipeline(top);
        return current;
    }

    /** Gives up the highest layer still built (none left: false). */
    public boolean giveUpTopLayer() {
        if (active == 0) return false;
        int layer = --active;
        long inputs = tallies[layer].runs();
        givenUpAt[layer] = inputs;
        SequenceTable t = tables.layer(layer);
        givenUpSizes[layer] = new long[] {t.size(), t.elements(), t.bytes()};
        tables.release(layer);
        if (current != null && !current.finished) current.cutAt(layer);
        return true;
    }

    public StrataTables tables() {
        return tables;
    }

    /** The runs of layer {@code layer}; -1 is the paths. */
    public RunTally tally(int layer) {
        return tallies[layer + 1];
    }

    /** Layers asked for. */
    public int layers() {
        return givenUpAt.length;
    }

    /** Layers still built (0..activeLayers()-1). */
    public int activeLayers() {
        return active;
    }

    /** How many runs layer {@code layer} had received when it was given up, or -1 if it was not. */
    public long givenUpAt(int layer) {
        return givenUpAt[layer];
    }

    /** Distinct strata layer {@code layer} had when it was given up (its table is released then), or its table's size now. */
    public int uniqueAtEnd(int layer) {
        return givenUpSizes[layer] != null ? (int) givenUpSizes[layer][0] : tables.layer(layer).size();
    }

    /** Elements of layer {@code layer}'s table when it was given up, or now. */
    public long tableElementsAtEnd(int layer) {
        return givenUpSizes[layer] != null ? givenUpSizes[layer][1] : tables.layer(layer).elements();
    }

    /** Bytes of layer {@code layer}'s table when it was given up, or now. */
    public long tableBytesAtEnd(int layer) {
        return givenUpSizes[layer] != null ? givenUpSizes[layer][2] : tables.layer(layer).bytes();
    }

    public int maxLength() {
        return maxLength;
    }

    /** Bytes of the tables, the tallies and the current thread's state. */
    public long bytes() {
        long b = tables.bytes();
        for (RunTally t : tallies) b += t.bytes();
        if (current != null) b += current.bytes();
        return b;
    }

    /** One thread's chain of paths and layers. */
    public final class ThreadPipeline {
        private final PathBuilder paths;
        private final StratumLayer[] layers;
        private final RunSink top;
        private boolean finished;

        ThreadPipeline(RunSink top) {
            this.top = top;
            layers = new StratumLayer[active];
            RunSink next = top;
            for (int k = active - 1; k >= 0; k--) {
                tallies[k + 1].passTo(next);
                layers[k] = new StratumLayer(tables.layer(k), tallies[k + 1], maxLength);
                next = layers[k];
            }
            tallies[0].passTo(next);
            paths = new PathBuilder(tables.paths(), tallies[0], maxLength);
        }

        /** ExtendPath: the thread executed {@code block}. */
        public void add(int block) {
            paths.add(block);
        }

        /** The thread ended. */
        public void finish() {
            paths.finish();
            finished = true;
        }

        public long blocks() {
            return paths.blocks();
        }

        /** Runs of layer {@code layer - 1} go to the top from now on (layer {@code layer} was given up). */
        void cutAt(int layer) {
            if (layer < layers.length && layers[layer] != null) {
                tallies[layer].passTo(top);
                layers[layer] = null;
            }
        }

        long bytes() {
            long b = paths.bytes();
            for (StratumLayer l : layers) if (l != null) b += l.bytes();
            return b;
        }
    }
}
