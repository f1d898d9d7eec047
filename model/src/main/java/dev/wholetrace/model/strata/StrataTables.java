package dev.wholetrace.model.strata;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The path table and the table of each stratum layer, and the expansion that turns an id of any
 * layer back into the blocks it stands for (what makes strata lossless). Layer -1 is the paths
 * (sequences of block ids), layer 0 the strata over path runs, layer k the strata over layer k-1's
 * runs.
 */
public final class StrataTables {
    private final SequenceTable paths = new SequenceTable();
    private final List<SequenceTable> layers = new ArrayList<>();

    public StrataTables(int layerCount) {
        if (layerCount < 0) throw new IllegalArgumentException("layers " + layerCount + " < 0");
        for (int i = 0; i < layerCount; i++) layers.add(new SequenceTable());
    }

    public SequenceTable paths() {
        return paths;
    }

    /** Layers 0..layerCount()-1. */
    public int layerCount() {
        return layers.size();
    }

    /** The table of layer {@code layer}; -1 is the paths. */
    public SequenceTable layer(int layer) {
        return layer == -1 ? paths : layers.get(layer);
    }

    /** Replaces a given-up layer's table with an empty one, so its memory can be reclaimed. */
    public void release(int layer) {
        layers.set(layer, new SequenceTable());
    }

    /** Feeds the blocks {@code trip} executions of sequence {@code id} of {@code layer} stand for to {@code blocks}. */
    public void expand(int layer, int id, long trip, IntConsumer blocks) {
        SequenceTable t = layer(layer);
        int n = t.length(id);
        for (long r = 0; r < trip; r++) {
            for (int i = 0; i < n; i++) {
                long e = t.element(id, i);
                if (layer == -1) blocks.accept((int) e);
                else expand(layer - 1, Runs.id(e), Runs.trip(e), blocks);
            }
        }
    }

    /** Blocks one execution of sequence {@code id} of {@code layer} stands for. */
    public long blockLength(int layer, int id) {
        SequenceTable t = layer(layer);
        if (layer == -1) return t.length(id);
        long sum = 0;
        for (int i = 0, n = t.length(id); i < n; i++) {
            long e = t.element(id, i);
            sum += Runs.trip(e) * blockLength(layer - 1, Runs.id(e));
        }
        return sum;
    }

    /** Bytes of every table. */
    public long bytes() {
        long b = paths.bytes();
        for (SequenceTable t : layers) b += t.bytes();
        return b;
    }
}
