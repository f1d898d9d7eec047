package dev.wholetrace.analysis.timeline;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A recorded execution as a timeline ({@link TimelineExport}), produced on demand for a {@link
 * TimelineSink}: one pass over S_synch (two when every operation is drawn) that reads no event,
 * only the sync order and each thread's sync positions (Algorithm 1 on the grammars), so memory
 * does not grow with the events. Up to {@code maxDrawn} sync operations every operation is drawn
 * ({@link #replay}: segments, operations, holdings, flows); above it the operations are aggregated
 * into bins of consecutive positions, one slice per thread and bin, and the hand-overs are counted
 * instead of drawn (the {@link TimelineInfo} says so).
 */
public final class Timeline {
    private final TraceView trace;
    private final long maxDrawn;
    private final TimelineAxis axis;
    /** The window of S_synch drawn: entries from through to, both included (to = from - 1: none). */
    private final int from;
    private final int to;

    Timeline(TraceView trace, long maxDrawn, int from, int to, TimelineAxis axis) {
        this.trace = trace;
        this.axis = axis;
        this.maxDrawn = maxDrawn;
        this.from = from;
        this.to = to;
    }

    /** What the timeline shows, before it is replayed. */
    public TimelineInfo info() {
        List<String> names = new ArrayList<>();
        for (ThreadInfo t : trace.threads()) names.add(t.label());
        long n = to - from + 1;
        long bin = n <= maxDrawn ? 1 : binWidth(n, maxDrawn, trace.threadCount());
        return new TimelineInfo(trace.properties().getOrDefault("program", ""), names, trace.syncOrder().size(), from, to, maxDrawn, bin,
                axis.description());
    }

    /** Positions of S_synch per bin: about maxDrawn slices in all, spread over the threads. */
    static long binWidth(long operations, long maxDrawn, int threads) {
        long bins = Math.max(1, maxDrawn / Math.max(1, threads));
        return Math.max(2, (operations + bins - 1) / bins);
    }

    /** Hands the timeline to {@code sink}, in time order. */
    public void replay(TimelineSink sink) throws IOException {
        TimelineInfo info = info();
        sink.start(info);
        TimelineAxis.Scale scale = axis.scale(trace.clock(), from);
        if (info.aggregated()) new Aggregated(trace, sink, scale, info.binWidth(), from, to).run();
        else new Detailed(trace, sink, scale, from, to).run();
    }

    /** Counts shared by both passes. */
    private abstract static class Pass {
        final TraceView trace;
        /** The recording's clock: each operation's slice carries its time as an argument, whatever the axis. */
        final TraceClock clock;
        /** Where each entry goes on the axis. */
        final TimelineAxis.Scale scale;
        final SyncOrder order;
        final TimelineSink sink;
        final int threads;
        final Slice slice = new Slice();
        final double[] rate;
        final int from;
        final int to;
        /** Whether the thread had an operation in the window yet. */
        final boolean[] seen;
        long slices;
        long handOvers;
        long handOversFromBefore;

        Pass(TraceView trace, TimelineSink sink, TimelineAxis.Scale scale, int from, int to) {
            this.trace = trace;
            this.scale = scale;
            this.order = trace.syncOrder();
            this.clock = trace.clock();
            this.sink = sink;
            this.threads = trace.threadCount();
            this.rate = new double[threads];
            this.from = from;
            this.to = to;
            this.seen = new boolean[threads];
        }

        long syncCount(int t) {
            return t < order.threadCount() ? order.count(t) : 0;
        }

        void begin(int t, long ns, Slice s) throws IOException {
            sink.begin(t, ns, s);
            slices++;
        }

        void rate(int t, long ns, double value) throws IOException {
            if (value == rate[t]) return;
            rate[t] = value;
            sink.counter(t, ns, value);
        }

        String where(int site) {
            CodeEntry e = site >= 0 ? trace.code().instruction(site) : null;
            return e == null ? "site " + site : e.where();
        }

        /** Threads without a sync operation: one segment before everything (when the window starts at the beginning). */
        void threadsWithoutOperations() throws IOException {
            if (from > 0) return;
            for (int t = 0; t < threads; t++) {
                if (syncCount(t) > 0) continue;
                long events = trace.eventCount(t);
                if (events == 0) continue;
                long ns = scale.beforeFirst();
                begin(t, ns + TimeAxis.SEGMENT_BEGIN, slice.reset("segment", Slice.Category.SEGMENT).arg("segment", 0).arg("events", events)
                        .arg("note", "the thread has no sync operation: the order does not place it"));
                rate(t, ns + TimeAxis.SEGMENT_BEGIN, events);
                sink.end(t, ns + TimeAxis.LAST_SEGMENT_END);
                rate(t, ns + TimeAxis.LAST_SEGMENT_END, 0);
            }
        }
    }

    /** Every operation drawn: pass 1 counts each release's hand-overs, pass 2 writes. */
    private static final class Detailed extends Pass {
        private final int n;
        /** Flow ids: release entry r starts ids firstFlow[r] .. firstFlow[r+1]-1; consumed in order by its acquirers. */
        private final long[] firstFlow;
        private final long[] nextFlow;
        /** Per entry, the S_synch entry of its thread's next operation (n after its last). */
        private final int[] nextOfThread;
        private final long episodeFlows;
        private final long[] lastPosition;
        private final Holdings[] holdings;
        private final Map<Integer, Integer> episodePasses = new HashMap<>();
        private long episodes;

        private final Map<Integer, Integer> episodePassesInWindow = new HashMap<>();
        private final boolean[] finished;
        private final boolean[] segmentOpen;

        Detailed(TraceView trace, TimelineSink sink, TimelineAxis.Scale scale, int from, int to) {
            super(trace, sink, scale, from, to);
            this.n = to - from + 1;
            this.firstFlow = new long[n + 1];
            this.nextFlow = new long[n];
            this.nextOfThread = new int[n];
            HandOvers hand = new HandOvers();
            int[] last = new int[threads];
            java.util.Arrays.fill(last, -1);
            for (SyncOrder.Cursor c = order.cursor(); c.hasNext(); ) {
                c.next();
                if (c.index() > to) break;
                int k = hand.next(c);
                if (c.index() < from) continue;
                int local = c.index() - from;
                int[] src = hand.sources();
                for (int s = 0; s < k; s++) if (src[s] >= from) firstFlow[src[s] - from + 1]++;
                if (last[c.thread()] >= 0) nextOfThread[last[c.thread()]] = local;
                last[c.thread()] = local;
                if (c.kind() == SyncKind.BARRIER) episodePassesInWindow.merge(c.episode(), 1, Integer::sum);
            }
            for (int t = 0; t < threads; t++) if (last[t] >= 0) nextOfThread[last[t]] = n;
            firstFlow[0] = 1; // flow ids start at 1
            for (int i = 0; i < n; i++) firstFlow[i + 1] += firstFlow[i];
            System.arraycopy(firstFlow, 0, nextFlow, 0, n);
            this.episodeFlows = firstFlow[n]; // barrier episode e is flow episodeFlows + e
            this.lastPosition = new long[threads];
            java.util.Arrays.fill(lastPosition, -1);
            this.holdings = new Holdings[threads];
            for (int t = 0; t < threads; t++) holdings[t] = new Holdings();
            this.finished = new boolean[threads];
            this.segmentOpen = new boolean[threads];
        }

        void run() throws IOException {
            threadsWithoutOperations();
            HandOvers hand = new HandOvers();
            long notDrawn = 0, unmatched = 0;
            for (SyncOrder.Cursor c = order.cursor(); c.hasNext(); ) {
                c.next();
                int i = c.index();
                if (i > to) break;
                int t = c.thread();
                long m = c.op();
                SyncKind kind = c.kind();
                if (i < from) { // before the window: only what later entries depend on (hand-overs, locks held)
                    hand.next(c);
                    Holdings h = holdings[t];
                    if (kind == SyncKind.LOCK) h.push(c.object(), c.aux(), i, false);
                    else if (kind == SyncKind.UNLOCK && h.find(c.object(), c.aux()) >= 0) h.remove(h.find(c.object(), c.aux()));
                    continue;
                }
                long at = scale.slot(i, c.ticket());
                boolean firstInWindow = !seen[t];
                if (firstInWindow) {
                    seen[t] = true;
                    lastPosition[t] = m == 0 ? -1 : trace.syncPosition(t, m - 1);
                    Holdings h = holdings[t];
                    for (int j = 0; j < h.depth; j++) { // locks taken before the window and still held
                        if (j < TimeAxis.MAX_HOLD_DEPTH) {
                            h.shown[j] = true;
                            begin(t, at + TimeAxis.WINDOW_RESUME + j, hold(h.object[j], h.aux[j], -1, h.entry[j], false).arg("note", "taken before the window"));
                        } else {
                            notDrawn++;
                        }
                    }
                }
                long position = trace.syncPosition(t, m);
                // the segment that ends here
                long before = position - lastPosition[t] - 1;
                if ((m == 0 || firstInWindow) && before > 0) {
                    begin(t, at + TimeAxis.FIRST_SEGMENT_BEGIN, slice.reset("segment", Slice.Category.SEGMENT).arg("segment", m).arg("events", before)
                            .arg("note", m == 0 ? "before the thread's first sync operation" : "began before the window"));
                    rate(t, at + TimeAxis.FIRST_SEGMENT_BEGIN, before);
                }
                if (before > 0) sink.end(t, at + TimeAxis.SEGMENT_END);
                segmentOpen[t] = false;
                // the rate holds until the next segment begins (an empty one sets it to 0): one counter value per segment
                lastPosition[t] = position;
                Holdings h = holdings[t];
                int unlocked = -1;
                if (kind == SyncKind.UNLOCK) {
                    unlocked = h.find(c.object(), c.aux());
                    if (unlocked < 0) unmatched++;
                    int suspended = 0; // the holdings taken after it close first, innermost first, and resume after it
                    for (int j = h.depth - 1; j > unlocked && unlocked >= 0; j--) if (h.drawn(j)) sink.end(t, at + TimeAxis.SUSPEND + suspended++);
                } else if (kind == SyncKind.LOCK) {
                    if (h.depth < TimeAxis.MAX_HOLD_DEPTH) {
                        h.push(c.object(), c.aux(), i, true);
                        begin(t, at + TimeAxis.HOLD_BEGIN, hold(c.object(), c.aux(), c.site(), i, false));
                    } else {
                        notDrawn++;
                        h.push(c.object(), c.aux(), i, false);
                    }
                }
                // the operation, with its flows
                slice.reset(kind == null ? "sync" : kind.label, Slice.Category.SYNC).arg("object", c.object());
                if (c.aux() != 0) slice.arg(kind == SyncKind.BARRIER ? "episode" : kind == SyncKind.LOCK || kind == SyncKind.UNLOCK ? "mode" : "aux", c.aux());
                slice.arg("ticket", c.ticket()).arg("order", i).arg("op", m).arg("site", where(c.site()));
                if (clock.known()) { // its time, and the two samples around it: the clock's error bar for this operation
                    slice.arg("clock_us", clock.nanos(c.ticket()) / 1000).arg("clock_earliest_us", clock.earliest(c.ticket()) / 1000)
                            .arg("clock_latest_us", clock.latest(c.ticket()) / 1000);
                }
                int local = i - from;
                for (long f = firstFlow[local]; f < firstFlow[local + 1]; f++) slice.start(f);
                int k = hand.next(c);
                int[] src = hand.sources();
                for (int s = 0; s < k; s++) {
                    if (src[s] >= from) {
                        slice.end(nextFlow[src[s] - from]++);
                        handOvers++;
                    } else {
                        handOversFromBefore++; // its release is not drawn
                    }
                }
                if (kind == SyncKind.BARRIER) episode(c);
                begin(t, at + TimeAxis.OP_BEGIN, slice);
                sink.end(t, at + TimeAxis.OP_END);
                if (unlocked >= 0) {
                    boolean drawn = h.drawn(unlocked);
                    if (drawn) sink.end(t, at + TimeAxis.HOLD_END);
                    h.remove(unlocked);
                    int r = 0;
                    for (int j = unlocked; j < h.depth; j++) {
                        if (h.drawn(j)) begin(t, at + TimeAxis.RESUME + r++, hold(h.object[j], h.aux[j], -1, h.entry[j], true));
                    }
                }
                // the segment that begins here
                if (m + 1 < syncCount(t)) {
                    long after = trace.syncPosition(t, m + 1) - position - 1;
                    if (after > 0) begin(t, at + TimeAxis.SEGMENT_BEGIN, slice.reset("segment", Slice.Category.SEGMENT).arg("segment", m + 1).arg("events", after));
                    segmentOpen[t] = after > 0;
                    rate(t, at + TimeAxis.SEGMENT_BEGIN, (double) after / (nextOfThread[local] - local));
                } else {
                    long after = trace.eventCount(t) - position - 1;
                    if (after > 0) {
                        begin(t, at + TimeAxis.SEGMENT_BEGIN, slice.reset("segment", Slice.Category.SEGMENT).arg("segment", m + 1).arg("events", after)
                                .arg("note", "after the thread's last sync operation"));
                        rate(t, at + TimeAxis.SEGMENT_BEGIN, after);
                        sink.end(t, at + TimeAxis.LAST_SEGMENT_END);
                    }
                    rate(t, at + TimeAxis.LAST_SEGMENT_END, 0); // the thread is done
                    int closed = 0;
                    for (int j = h.depth - 1; j >= 0; j--) if (h.drawn(j)) sink.end(t, at + TimeAxis.CLOSE_OPEN + closed++);
                    h.depth = 0;
                    finished[t] = true;
                }
            }
            // the window ends before these threads did: close what they have open, just after it
            long after = scale.afterLast();
            for (int t = 0; t < threads; t++) {
                if (!seen[t] || finished[t]) continue;
                if (segmentOpen[t]) sink.end(t, after + TimeAxis.WINDOW_END_SEGMENT);
                rate(t, after + TimeAxis.WINDOW_END_SEGMENT, 0);
                Holdings h = holdings[t];
                int closed = 0;
                for (int j = h.depth - 1; j >= 0; j--) if (h.drawn(j)) sink.end(t, after + TimeAxis.WINDOW_CLOSE + closed++);
            }
            sink.finish(new TimelineSummary(n, slices, handOvers, handOversFromBefore, episodes, notDrawn, unmatched, scale.maxStretchNanos()));
        }

        /** A barrier pass: the episode's chain of flows, first pass to last. */
        private void episode(SyncOrder.Cursor c) {
            int e = c.episode();
            int size = episodePassesInWindow.getOrDefault(e, 0); // the passes inside the window
            if (size < 2) return;
            long flow = episodeFlows + e;
            int seen = episodePasses.merge(e, 1, Integer::sum);
            if (seen == 1) {
                slice.start(flow);
                episodes++;
            } else if (seen < size) {
                slice.step(flow);
            } else {
                slice.end(flow);
                episodePasses.remove(e);
            }
        }

        private Slice hold(long object, long aux, int site, int entry, boolean resumed) {
            String mode = aux == SyncKind.LOCK_SHARED ? "read lock" : aux == SyncKind.LOCK_EXCLUSIVE ? "write lock" : "lock";
            slice.reset(mode + " " + object, Slice.Category.HOLD).arg("object", object).arg("locked at order", entry);
            if (site >= 0) slice.arg("site", where(site));
            if (resumed) slice.arg("note", "continued: a lock taken before it was let go first");
            return slice;
        }
    }

    /** The locks a thread holds, innermost last; a holding beyond the depth limit is kept but not drawn. */
    private static final class Holdings {
        long[] object = new long[4];
        long[] aux = new long[4];
        int[] entry = new int[4];
        boolean[] shown = new boolean[4];
        int depth;

        void push(long o, long a, int e, boolean drawn) {
            if (depth == object.length) {
                object = java.util.Arrays.copyOf(object, depth * 2);
                aux = java.util.Arrays.copyOf(aux, depth * 2);
                entry = java.util.Arrays.copyOf(entry, depth * 2);
                shown = java.util.Arrays.copyOf(shown, depth * 2);
            }
            object[depth] = o;
            aux[depth] = a;
            shown[depth] = drawn;
            entry[depth++] = e;
        }

        boolean drawn(int k) {
            return shown[k];
        }

        /** The innermost holding of this lock in this mode, or -1. */
        int find(long o, long a) {
            for (int k = depth - 1; k >= 0; k--) if (object[k] == o && aux[k] == a) return k;
            return -1;
        }

        void remove(int k) {
            System.arraycopy(object, k + 1, object, k, depth - k - 1);
            System.arraycopy(aux, k + 1, aux, k, depth - k - 1);
            System.arraycopy(entry, k + 1, entry, k, depth - k - 1);
            System.arraycopy(shown, k + 1, shown, k, depth - k - 1);
            depth--;
        }
    }

    /**
     * Above the limit: S_synch cut into bins of {@code width} positions; per thread and bin one
     * slice with its operations, events and hand-overs received, and the rate counter.
     */
    private static final class Aggregated extends Pass {
        private final long width;

        Aggregated(TraceView trace, TimelineSink sink, TimelineAxis.Scale scale, long width, int from, int to) {
            super(trace, sink, scale, from, to);
            this.width = width;
        }

        void run() throws IOException {
            threadsWithoutOperations();
            HandOvers hand = new HandOvers();
            long[] ops = new long[threads];
            long[] received = new long[threads];
            long[] lastOp = new long[threads];
            long[] eventsBefore = new long[threads]; // events up to and including the last operation of an earlier bin
            SyncOrder.Cursor c = order.cursor();
            while (c.index() + 1 < this.from) hand.next(c.next()); // before the window: the hand-overs' state only
            for (long from = this.from; from <= this.to; from += width) {
                long to = Math.min(this.to + 1L, from + width);
                java.util.Arrays.fill(ops, 0);
                java.util.Arrays.fill(received, 0);
                long firstTicket = -1;
                while (c.index() + 1 < to) {
                    c.next();
                    if (firstTicket < 0) firstTicket = c.ticket();
                    int t = c.thread();
                    if (!seen[t]) {
                        seen[t] = true;
                        eventsBefore[t] = c.op() == 0 ? 0 : trace.syncPosition(t, c.op() - 1) + 1;
                    }
                    ops[t]++;
                    lastOp[t] = c.op();
                    int k = hand.next(c);
                    received[t] += k;
                    handOvers += k;
                }
                long begin = scale.slot(from, firstTicket) + TimeAxis.SEGMENT_END;
                long end = (to - 1 > from ? scale.slot(to - 1, c.ticket()) : begin - TimeAxis.SEGMENT_END) + TimeAxis.SEGMENT_BEGIN;
                for (int t = 0; t < threads; t++) {
                    if (ops[t] == 0) continue;
                    boolean last = lastOp[t] + 1 == syncCount(t);
                    long upTo = last ? trace.eventCount(t) : trace.syncPosition(t, lastOp[t]) + 1;
                    long events = upTo - eventsBefore[t];
                    eventsBefore[t] = upTo;
                    begin(t, begin, slice.reset(ops[t] + " sync operations", Slice.Category.AGGREGATE).arg("sync operations", ops[t])
                            .arg("events", events).arg("hand-overs received", received[t]).arg("from order", from).arg("to order", to - 1)
                            .arg("note", "aggregated: more sync operations than the limit; draw a window (--from/--to) or raise --max-ops to see each"));
                    rate(t, begin, (double) events / (to - from));
                }
                for (int t = 0; t < threads; t++) {
                    if (ops[t] == 0) continue;
                    sink.end(t, end);
                    rate(t, end, 0);
                }
            }
            sink.finish(new TimelineSummary(this.to - this.from + 1, slices, handOvers, 0, 0, 0, 0, scale.maxStretchNanos()));
        }
    }
}
