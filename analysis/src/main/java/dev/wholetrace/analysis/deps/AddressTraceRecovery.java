package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.util.LongLongMap;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.util.Arrays;
import java.util.Iterator;

/**
 * The baseline of tallam-gupta §5 (Figure 22 with the hash-table speed-up): recovers the
 * dependences from a control flow and address trace (mode CDR or ALL) by replaying the accesses
 * and keeping, per address, its last writer in a hash table; a load's dependence is a lookup.
 *
 * <p>Threads are replayed interleaved in the order of the sync order: at each sync operation the
 * thread is run up to it (all participants of a barrier episode up to their pass first), which
 * respects happens-before; in a race-free program the last writer in that order is the store the
 * load read. A last writer of another thread that the sync order does not order before the load
 * is reported as a racy dependence.
 */
public final class AddressTraceRecovery {
    private TraceView trace;
    private DependenceSink sink;
    private CrossThreadOrder order;
    private Iterator<Event>[] events;
    private long[] positions;
    private long[] syncsSeen;
    /** address → slot + 1; per slot the last writer. */
    private final LongLongMap slots = new LongLongMap();
    private int[] writerThread = new int[1024];
    private long[] writerPosition = new long[1024];
    private int[] writerStore = new int[1024];

    /** Told of every store as the replay meets it. */
    @FunctionalInterface
    public interface StoreListener {
        void store(int thread, long position, int store);
    }

    private StoreListener stores = (t, p, d) -> { };

    /** Recovers the trace's dependences into {@code sink}. */
    public void recover(TraceView trace, DependenceSink sink) {
        recover(trace, sink, (t, p, d) -> { });
    }

    /** As {@link #recover(TraceView, DependenceSink)}, telling {@code stores} of each store before the loads after it. */
    public void recover(TraceView trace, DependenceSink sink, StoreListener stores) {
        recover(trace, new CrossThreadOrder(trace), sink, stores);
    }

    /** As {@link #recover(TraceView, DependenceSink)}, with the trace's sync order shared with other recoveries on it. */
    public void recover(TraceView trace, CrossThreadOrder order, DependenceSink sink) {
        recover(trace, order, sink, (t, p, d) -> { });
    }

    @SuppressWarnings("unchecked")
    private void recover(TraceView trace, CrossThreadOrder order, DependenceSink sink, StoreListener stores) {
        this.stores = stores;
        if (!trace.mode().streams) {
            throw new IllegalArgumentException("address-trace recovery needs a trace with addresses (cdr or all); "
                    + trace.file().getFileName() + " is " + trace.mode().label());
        }
        this.trace = trace;
        this.sink = sink;
        this.order = order.of(trace);
        int threads = trace.threadCount();
        events = new Iterator[threads];
        positions = new long[threads];
        syncsSeen = new long[threads];
        for (int t = 0; t < threads; t++) events[t] = trace.events(t);
        SyncOrder s = trace.syncOrder();
        for (int i = 0; i < s.size(); i++) {
            int e = s.episode(i);
            if (e >= 0 && s.firstOfEpisode(i)) {
                int size = s.episodeSize(e);
                for (int j = i, found = 0; j < s.size() && found < size; j++) {
                    if (s.episode(j) != e) continue;
                    replay(s.thread(j), s.op(j));
                    found++;
                }
            } else {
                replay(s.thread(i), s.op(i));
            }
        }
        for (int t = 0; t < threads; t++) replay(t, Long.MAX_VALUE);
    }

    /** Runs thread t up to and including its sync operation m (to its end for Long.MAX_VALUE). */
    private void replay(int t, long m) {
        Iterator<Event> it = events[t];
        while (syncsSeen[t] <= m && it.hasNext()) {
            Event e = it.next();
            long p = positions[t]++;
            switch (e.type()) {
                case SYNC -> syncsSeen[t]++;
                case STORE -> store(t, p, e.id(), e.address());
                case LOAD -> load(t, p, e.id(), e.address());
                default -> { }
            }
        }
    }

    private void store(int t, long p, int d, long address) {
        int slot = (int) slots.get(address) - 1;
        if (slot < 0) {
            slot = slots.size();
            slots.put(address, slot + 1);
            if (slot == writerThread.length) {
                writerThread = Arrays.copyOf(writerThread, slot * 2);
                writerPosition = Arrays.copyOf(writerPosition, slot * 2);
                writerStore = Arrays.copyOf(writerStore, slot * 2);
            }
        }
        writerThread[slot] = t;
        writerPosition[slot] = p;
        writerStore[slot] = d;
        stores.store(t, p, d);
    }

    private void load(int t, long p, int u, long address) {
        int slot = (int) slots.get(address) - 1;
        if (slot < 0) {
            sink.dependence(t, p, u, -1, -1, -1, Origin.NO_WRITER);
            return;
        }
        int w = writerThread[slot];
        long wp = writerPosition[slot];
        sink.dependence(t, p, u, w, wp, writerStore[slot], order.of(w, wp, t, p));
    }
}
