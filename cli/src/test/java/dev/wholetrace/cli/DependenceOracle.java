package dev.wholetrace.cli;

import dev.wholetrace.analysis.hb.HappensBefore;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The test oracle of the eWPP work (docs/ewpp.md): by brute force over a recording with addresses
 * (ALL), every load's last writer by shadow memory and happens-before, with no code of the
 * dependence recovery under test. For a load of thread t at position p: per thread, the latest
 * store to the same address that is ordered before the load (the thread's own earlier stores; of
 * another thread, stores in segments that happen before the load's segment); the one of those no
 * other one follows is the writer. A load with no such store and no unordered store reads no
 * traced value. Several maximal stores, or a store of another thread unordered with the load,
 * make the dependence racy (which store it read is not in the trace).
 *
 * <p>Result: "store load origin" → count, origin as the CLI labels it.
 */
final class DependenceOracle {
    private record Store(int thread, long position, long segment, int insn) {}

    private DependenceOracle() {}

    static Map<String, Long> edges(TraceView trace) {
        HappensBefore hb = HappensBefore.of(trace);
        Map<Long, List<Store>> stores = new HashMap<>();
        List<long[]> loads = new ArrayList<>(); // thread, position, segment, insn, address
        for (int t = 0; t < trace.threadCount(); t++) {
            long p = 0;
            long segment = 0;
            for (Iterator<Event> it = trace.events(t); it.hasNext(); p++) {
                Event e = it.next();
                switch (e.type()) {
                    case SYNC -> segment++;
                    case STORE -> stores.computeIfAbsent(e.address(), a -> new ArrayList<>()).add(new Store(t, p, segment, e.id()));
                    case LOAD -> loads.add(new long[] {t, p, segment, e.id(), e.address()});
                    default -> { }
                }
            }
        }
        Map<String, Long> out = new TreeMap<>();
        for (long[] l : loads) {
            int t = (int) l[0];
            long p = l[1];
            long seg = l[2];
            Map<Integer, Store> latest = new HashMap<>();
            boolean unordered = false;
            for (Store s : stores.getOrDefault(l[4], List.of())) {
                boolean before = s.thread() == t ? s.position() < p : hb.ordered(s.thread(), s.segment(), t, seg);
                if (before) {
                    Store prev = latest.get(s.thread());
                    if (prev == null || prev.position() < s.position()) latest.put(s.thread(), s);
                } else if (s.thread() != t && !hb.ordered(t, seg, s.thread(), s.segment())) {
                    unordered = true;
                }
            }
            List<Store> maximal = new ArrayList<>();
            for (Store c : latest.values()) {
                boolean dominated = false;
                for (Store o : latest.values()) {
                    if (o != c && hb.ordered(c.thread(), c.segment(), o.thread(), o.segment())) dominated = true;
                }
                if (!dominated) maximal.add(c);
            }
            String key;
            if (unordered || maximal.size() > 1) {
                key = "? " + l[3] + " racy"; // the writer is not determined by the trace
            } else if (maximal.isEmpty()) {
                key = "-1 " + l[3] + " no-writer";
            } else {
                Store w = maximal.get(0);
                key = w.insn() + " " + l[3] + (w.thread() == t ? " same-thread" : " cross-thread");
            }
            out.merge(key, 1L, Long::sum);
        }
        return out;
    }
}
