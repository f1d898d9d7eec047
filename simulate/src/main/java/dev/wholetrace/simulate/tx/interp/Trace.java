package dev.wholetrace.simulate.tx.interp;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * An interleaved execution: events (statement instances) in the order they started, column-wise in
 * primitive arrays (no object per event). Each event has its thread, statement id, value (the array
 * index an array-reference statement used, else 0), start time in cycles and instruction count.
 * Threads form a tree: thread 0 is the main thread, each task_create event starts child threads.
 * {@link #perThread(int)} gives one thread's events, the execution's graph (Definition 5.4).
 */
public final class Trace {
    private int n;
    private int[] thread = new int[64], stmt = new int[64], icount = new int[64];
    private long[] value = new long[64], start = new long[64];
    /** Per thread: parent thread, the parent's task_create event, unit id. */
    private int threads;
    private int[] parent = new int[8], createEvent = new int[8], unit = new int[8];
    private long endTime;

    /** A new empty trace with the main thread (unit 0). */
    public Trace() {
        addThread(-1, -1, 0);
    }

    Trace copy() {
        Trace t = new Trace();
        t.n = n;
        t.thread = thread.clone(); t.stmt = stmt.clone(); t.icount = icount.clone(); t.value = value.clone(); t.start = start.clone();
        t.threads = threads;
        t.parent = parent.clone(); t.createEvent = createEvent.clone(); t.unit = unit.clone();
        t.endTime = endTime;
        return t;
    }

    /** Adds a thread created by {@code event} of {@code parentThread}, running unit {@code unitId}; returns its id. */
    public int addThread(int parentThread, int event, int unitId) {
        if (threads == parent.length) {
            parent = Arrays.copyOf(parent, threads * 2);
            createEvent = Arrays.copyOf(createEvent, threads * 2);
            unit = Arrays.copyOf(unit, threads * 2);
        }
        parent[threads] = parentThread;
        createEvent[threads] = event;
        unit[threads] = unitId;
        return threads++;
    }

    /** Appends an event; returns its index. */
    public int add(int t, int s, long time) {
        if (n == thread.length) {
            int c = n * 2;
            thread = Arrays.copyOf(thread, c); stmt = Arrays.copyOf(stmt, c); icount = Arrays.copyOf(icount, c);
            value = Arrays.copyOf(value, c); start = Arrays.copyOf(start, c);
        }
        thread[n] = t;
        stmt[n] = s;
        value[n] = 0;
        start[n] = time;
        icount[n] = 0;
        return n++;
    }

    /** Sets event {@code e}'s value. */
    public void value(int e, long v) { value[e] = v; }

    /** Counts one more instruction of event {@code e}. */
    public void countInstruction(int e) { icount[e]++; }

    /** Sets event {@code e}'s instruction count. */
    public void instructions(int e, int count) { icount[e] = count; }

    /** Sets the end time. */
    public void endTime(long t) { endTime = t; }

    public int size() { return n; }

    public int thread(int e) { return thread[e]; }

    public int stmt(int e) { return stmt[e]; }

    public long value(int e) { return value[e]; }

    public long start(int e) { return start[e]; }

    public int instructions(int e) { return icount[e]; }

    /** Cycles from the start to the main thread's end. */
    public long endTime() { return endTime; }

    public int threads() { return threads; }

    public int parent(int t) { return parent[t]; }

    /** The event (in the parent) that created thread {@code t}, or -1 for the main thread. */
    public int createEvent(int t) { return createEvent[t]; }

    public int unit(int t) { return unit[t]; }

    /** The children of the task_create event {@code e}, in task order. */
    public int[] children(int e) {
        int c = 0;
        for (int t = 0; t < threads; t++) if (createEvent[t] == e) c++;
        int[] out = new int[c];
        c = 0;
        for (int t = 0; t < threads; t++) if (createEvent[t] == e) out[c++] = t;
        return out;
    }

    /** Event indices of thread {@code t}, in order. */
    public int[] perThread(int t) {
        int c = 0;
        for (int e = 0; e < n; e++) if (thread[e] == t) c++;
        int[] out = new int[c];
        c = 0;
        for (int e = 0; e < n; e++) if (thread[e] == t) out[c++] = e;
        return out;
    }

    /** Total instructions executed. */
    public long instructions() {
        long s = 0;
        for (int e = 0; e < n; e++) s += icount[e];
        return s;
    }

    /**
     * Every thread's place in the thread tree, by thread id: {@code main}, else the parent's place, the
     * creating event's position among the parent's events and the task number ({@code main/2.1}). Unlike
     * ids, which follow the creation order (and so differ between executions when tasks create tasks in
     * several threads), a place names the same thread in every execution of one pattern.
     */
    public String[] places() {
        int[] ordinal = new int[n], seen = new int[threads];
        for (int e = 0; e < n; e++) ordinal[e] = seen[thread[e]]++;
        String[] place = new String[threads];
        for (int t = 0; t < threads; t++) {
            int task = 0;
            for (int u = 0; u < t; u++) if (createEvent[u] == createEvent[t]) task++;
            place[t] = t == 0 ? "main" : place[parent[t]] + "/" + ordinal[createEvent[t]] + "." + task; // a parent is created before its children
        }
        return place;
    }

    /**
     * A key equal for two traces exactly when every thread executed the same events with the same values
     * (the same pattern). Threads are named by their {@linkplain #places() place in the thread tree}, not by id.
     */
    public String patternKey() {
        String[] place = places();
        TreeMap<String, Integer> byPlace = new TreeMap<>();
        for (int t = 0; t < threads; t++) byPlace.put(place[t], t);
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Integer> p : byPlace.entrySet()) {
            int t = p.getValue();
            b.append('|').append(p.getKey()).append(':');
            for (int e = 0; e < n; e++) {
                if (thread[e] != t) continue;
                b.append(stmt[e]);
                if (value[e] != 0) b.append('=').append(value[e]);
                b.append(',');
            }
        }
        return b.toString();
    }

    /** A key of the interleaving (the path): the order of all events. */
    public String pathKey() {
        StringBuilder b = new StringBuilder();
        for (int e = 0; e < n; e++) b.append(thread[e]).append('.').append(stmt[e]).append('=').append(value[e]).append(',');
        return b.toString();
    }
}
