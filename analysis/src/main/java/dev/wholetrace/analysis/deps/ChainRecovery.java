package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RecoverChain and ChainFreq (tallam-gupta Figure 21) over the recovered dependences: from each
 * instance of a load u0, the store d1 it read, the load u1 whose value d1 stored, the store d2 that
 * u1 read, … for K dependences; the distinct chains with how often each ran.
 *
 * <p>The step from a store to the load that fed it is a register dependence in the paper. The JVM's
 * registers are locals and the operand stack, which the trace does not name: here the feeding load
 * is the last load the thread executed before the store within the same basic block (what
 * {@code a[i] = b[j]} compiles to), an approximation that is exact for such copies and may name an
 * unrelated load in a block that loads several values. A chain ends early at a load with no traced
 * writer or a store no load in its block fed.
 */
final class ChainRecovery implements DependenceSink {
    private final int start;
    private final int length;
    /** (thread, load position) → {writer thread, writer position, store}. */
    private final Map<Long, long[]> deps = new HashMap<>();
    private final List<long[]> starts = new ArrayList<>();

    ChainRecovery(int start, int length) {
        this.start = start;
        this.length = length;
    }

    private static long key(int thread, long position) {
        return (long) thread << 44 | position;
    }

    @Override
    public void dependence(int thread, long position, int load, int writerThread, long writerPosition, int store, Origin origin) {
        if (origin != Origin.NO_WRITER) deps.put(key(thread, position), new long[] {writerThread, writerPosition, store});
        if (load == start) starts.add(new long[] {thread, position});
    }

    /** The distinct chains from every instance of the start load, most frequent first. */
    List<DepsResult.Chain> chains(TraceView trace) {
        Map<Long, long[]> feeders = feeders(trace); // (thread, store position) → {load position, load}
        Map<List<Integer>, long[]> freq = new LinkedHashMap<>();
        for (long[] s : starts) {
            List<Integer> chain = new ArrayList<>();
            chain.add(start);
            int t = (int) s[0];
            long p = s[1];
            for (int k = 0; k < length; k++) {
                long[] dep = deps.get(key(t, p));
                if (dep == null) break;
                chain.add((int) dep[2]);
                if (k == length - 1) break;
                long[] feeder = feeders.get(key((int) dep[0], dep[1]));
                if (feeder == null) break;
                chain.add((int) feeder[1]);
                t = (int) dep[0];
                p = feeder[0];
            }
            freq.computeIfAbsent(List.copyOf(chain), c -> new long[1])[0]++;
        }
        List<DepsResult.Chain> out = new ArrayList<>();
        freq.forEach((c, n) -> out.add(new DepsResult.Chain(c, n[0])));
        out.sort((a, b) -> Long.compare(b.frequency(), a.frequency()));
        return out;
    }

    private static Map<Long, long[]> feeders(TraceView trace) {
        Map<Long, long[]> out = new HashMap<>();
        for (int t = 0; t < trace.threadCount(); t++) {
            long lastLoad = -1;
            int lastLoadInsn = -1;
            long p = 0;
            for (Iterator<Event> it = trace.events(t); it.hasNext(); p++) {
                Event e = it.next();
                switch (e.type()) {
                    case BLOCK -> lastLoad = -1;
                    case LOAD -> {
                        lastLoad = p;
                        lastLoadInsn = e.id();
                    }
                    case STORE -> {
                        if (lastLoad >= 0) out.put(key(t, p), new long[] {lastLoad, lastLoadInsn});
                    }
                    default -> { }
                }
            }
        }
        return out;
    }
}
