package dev.wholetrace.recorder;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.model.strata.PathBuilder;
import dev.wholetrace.model.strata.RunSink;
import dev.wholetrace.model.strata.Runs;
import dev.wholetrace.model.strata.SequenceTable;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.model.strata.StratumLayer;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.reader.ParallelTrace;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;

/**
 * A measuring harness, not a test: how the strata encoder's work splits between its stages, to
 * judge the paper's pipeline (path building on one thread, strata and the grammar on another)
 * before building it. Replays every thread's control symbols of a trace, in process, through
 * (1) the path builder alone and (2) path builder, layer 0 and SEQUITUR over the runs, and prints
 * CPU ns per symbol of each; (2) − (1) is what a second stage could take off the first.
 * {@code java -cp ... dev.wholetrace.recorder.StrataStageSplit TRACE [REPS]}.
 */
public final class StrataStageSplit {
    private StrataStageSplit() {}

    public static void main(String[] args) throws Exception {
        ParallelTrace trace = ParallelTrace.open(Path.of(args[0]));
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int[][] symbols = new int[trace.threadCount()][];
        long total = 0;
        for (int t = 0; t < symbols.length; t++) {
            Alphabet a = new Alphabet();
            int[] s = new int[1024];
            int n = 0;
            for (Iterator<Event> it = trace.events(t); it.hasNext(); ) {
                Event e = it.next();
                if (e.isAccess()) continue;
                if (n == s.length) s = Arrays.copyOf(s, n * 2);
                s[n++] = a.idOf(e.type().ordinal(), e.isSync() ? (long) e.kind().ordinal() << 32 | e.id() : e.id());
            }
            symbols[t] = Arrays.copyOf(s, n);
            total += n;
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] paths = new double[reps];
        double[] full = new double[reps];
        for (int r = 0; r < reps; r++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long runs = 0;
            for (int[] s : symbols) {
                long[] count = new long[1];
                PathBuilder b = new PathBuilder(new SequenceTable(), (id, trip) -> count[0]++, StrataPipeline.DEFAULT_MAX_LENGTH);
                for (int x : s) b.add(x);
                b.finish();
                runs += count[0];
            }
            long c1 = mx.getCurrentThreadCpuTime();
            for (int[] s : symbols) {
                GrammarBuilder g = GrammarAlgorithm.DEFAULT.newBuilder();
                Alphabet top = new Alphabet();
                RunSink sink = (id, trip) -> g.append(top.idOf(Runs.pair(id, trip)));
                PathBuilder b = new PathBuilder(new SequenceTable(), new StratumLayer(new SequenceTable(), sink, StrataPipeline.DEFAULT_MAX_LENGTH),
                        StrataPipeline.DEFAULT_MAX_LENGTH);
                for (int x : s) b.add(x);
                b.finish();
                g.toGrammar();
            }
            long c2 = mx.getCurrentThreadCpuTime();
            paths[r] = (c1 - c0) / (double) total;
            full[r] = (c2 - c1) / (double) total;
            System.out.printf("rep %d: %d symbols, %d path runs; paths only %.2f ns/symbol, paths + layer 0 + SEQUITUR %.2f%n", r, total, runs, paths[r], full[r]);
        }
        Arrays.sort(paths);
        Arrays.sort(full);
        System.out.printf("median: paths only %.2f ns/symbol, whole encoder chain %.2f ns/symbol: a second stage could take %.0f%% off the first%n",
                paths[reps / 2], full[reps / 2], 100 * (1 - paths[reps / 2] / full[reps / 2]));
    }
}
