package dev.wholetrace.analysis.race;

import dev.wholetrace.analysis.hb.SyncClocks;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The uncompressed baseline for {@code bench races}: an on-the-fly vector-clock detector over the
 * expanded events, FastTrack style (per address, the last epoch of each thread's each instruction,
 * reads and writes apart), replayed in one order consistent with happens-before. It finds the same
 * racing instruction pairs as {@link RaceDetector} (an access races with an instruction's accesses
 * of another thread iff it races with the last of them) but not how many dynamic pairs raced, and it
 * reads every event: its time and memory follow the trace length.
 */
public final class VectorClockDetector {
    /** The racing instruction pairs (a ≤ b, as "a:b"), and the accesses and addresses it went through. */
    public record Result(Set<String> pairs, long accesses, long addresses) {}

    private VectorClockDetector() {}

    public static Result detect(TraceView trace) {
        if (!trace.mode().streams) throw new IllegalArgumentException("race detection needs a CDR or ALL trace, not " + trace.mode().label());
        return new Replay(trace).run();
    }

    private static final class Replay {
        private final SyncOrder order;
        private final int n;
        private final List<Iterator<Event>> events = new ArrayList<>();
        private final Event[] pendingSync;
        private final long[][] clock;
        private final SyncClocks<long[]> sync;
        private final Shadow shadow = new Shadow();
        private final Set<String> pairs = new TreeSet<>();
        private long accesses;

        Replay(TraceView trace) {
            order = trace.syncOrder();
            n = trace.threadCount();
            for (int t = 0; t < n; t++) events.add(trace.events(t));
            pendingSync = new Event[n];
            clock = new long[n][n];
            for (int t = 0; t < n; t++) clock[t][t] = 1;
            sync = new SyncClocks<>(order, SyncClocks.arrays(n, 0));
        }

        Result run() {
            for (SyncOrder.Cursor c = order.cursor(); c.hasNext(); ) {
                c.next();
                int t = c.thread();
                if (c.kind() == SyncKind.BARRIER && c.firstOfEpisode()) {
                    // every participant's accesses before the barrier come before anyone's after it
                    for (int p : order.participants(c.episode())) untilSync(p);
                }
                untilSync(t);
                pendingSync[t] = null;
                apply(c, t);
            }
            for (int t = 0; t < n; t++) untilSync(t);
            return new Result(pairs, accesses, shadow.size);
        }

        /** Replays thread t's accesses up to its next sync operation, which stays pending. */
        private void untilSync(int t) {
            if (pendingSync[t] != null) return;
            Iterator<Event> it = events.get(t);
            while (it.hasNext()) {
                Event e = it.next();
                switch (e.type()) {
                    case SYNC -> {
                        pendingSync[t] = e;
                        return;
                    }
                    case LOAD -> access(t, e.id(), false, e.address());
                    case STORE -> access(t, e.id(), true, e.address());
                    case BLOCK -> { }
                }
            }
        }

        private void access(int t, int instruction, boolean write, long address) {
            accesses++;
            long[] c = clock[t];
            int slot = shadow.slot(address);
            for (int k = shadow.head[slot]; k >= 0; k = shadow.next[k]) {
                int u = shadow.thread[k];
                if (u != t && (write || shadow.write[k]) && shadow.epoch[k] > c[u]) {
                    int a = Math.min(instruction, shadow.instruction[k]), b = Math.max(instruction, shadow.instruction[k]);
                    pairs.add(a + ":" + b);
                }
            }
            shadow.update(slot, t, instruction, write, c[t]);
        }

        private void apply(SyncOrder.Cursor at, int t) {
            long[] c = clock[t];
            switch (at.kind().role) {
                case RELEASE -> {
                    sync.release(at, c);
                    c[t]++;
                }
                case ACQUIRE -> {
                    long[] from = sync.acquired(at);
                    if (from != null) SyncClocks.merge(c, from);
                }
                case BARRIER -> {
                    SyncClocks.merge(c, sync.episode(at, p -> clock[p]));
                    c[t]++;
                }
            }
        }
    }

    /**
     * Per address, a list of (thread, instruction, read/write) → last epoch, in primitive arrays:
     * an open-addressing table from address to the list's head.
     */
    private static final class Shadow {
        long[] keys = new long[1 << 16];
        int[] head = new int[1 << 16];
        boolean[] used = new boolean[1 << 16];
        int size;
        int[] thread = new int[1 << 16];
        int[] instruction = new int[1 << 16];
        boolean[] write = new boolean[1 << 16];
        long[] epoch = new long[1 << 16];
        int[] next = new int[1 << 16];
        int entries;

        int slot(long address) {
            int mask = keys.length - 1;
            int s = Long.hashCode(address * 0x9E3779B97F4A7C15L) & mask;
            while (used[s]) {
                if (keys[s] == address) return s;
                s = (s + 1) & mask;
            }
            used[s] = true;
            keys[s] = address;
            head[s] = -1;
            if (++size * 2 > keys.length) return rehash(address);
            return s;
        }

        private int rehash(long address) {
            long[] oldKeys = keys;
            int[] oldHead = head;
            boolean[] oldUsed = used;
            keys = new long[oldKeys.length * 2];
            head = new int[oldKeys.length * 2];
            used = new boolean[oldKeys.length * 2];
            size = 0;
            int found = -1;
            for (int i = 0; i < oldKeys.length; i++) {
                if (!oldUsed[i]) continue;
                int s = slot(oldKeys[i]);
                head[s] = oldHead[i];
                if (oldKeys[i] == address) found = s;
            }
            return found;
        }

        void update(int slot, int t, int instr, boolean w, long e) {
            for (int k = head[slot]; k >= 0; k = next[k]) {
                if (thread[k] == t && instruction[k] == instr && write[k] == w) {
                    epoch[k] = e;
                    return;
                }
            }
            if (entries == thread.length) {
                int m = entries * 2;
                thread = Arrays.copyOf(thread, m);
                instruction = Arrays.copyOf(instruction, m);
                write = Arrays.copyOf(write, m);
                epoch = Arrays.copyOf(epoch, m);
                next = Arrays.copyOf(next, m);
            }
            thread[entries] = t;
            instruction[entries] = instr;
            write[entries] = w;
            epoch[entries] = e;
            next[entries] = head[slot];
            head[slot] = entries++;
        }
    }
}
