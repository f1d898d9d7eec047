package dev.wholetrace.analysis.race;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A deliberately naive happens-before race detector, for tests only: the oracle that the real
 * detector (which works on the compressed form) is checked against. It shares no happens-before
 * code with anything else, expands every thread completely, keeps every access of every address
 * with a full vector-clock snapshot and compares each new access with all earlier ones of its
 * address (O(n^2) per address). Simple rather than fast.
 *
 * <p><b>Replay.</b> One global order consistent with S_synch: for each S_synch entry i in order,
 * the data accesses of thread(i) up to (not including) its op(i)-th sync operation, then that
 * operation's happens-before effect; at the end, each thread's remaining events.
 *
 * <p><b>Clocks.</b> Thread t's vector clock C_t starts as 1 in component t and 0 elsewhere. An
 * access of t is stamped with (a reference to) C_t as it is then; its <em>epoch</em> is C_t[t].
 * Clocks are never modified in place: every change makes a new array, so stamps stay valid.
 * <ul>
 * <li>RELEASE on key k: L_k := L_k ⊔ C_t, then C_t[t] += 1 (later accesses of t carry a larger
 * epoch than anything this release published).</li>
 * <li>ACQUIRE on key k: C_t := C_t ⊔ L_k (L_k is all zeros if nothing released k yet).</li>
 * <li>BARRIER episode (object, aux): J := ⊔ of every participant's clock, taken at the episode's
 * first entry in S_synch; each participant, at its own entry: C_t := C_t ⊔ J, then C_t[t] += 1.</li>
 * </ul>
 * The key of a latch count-down / await is (object, aux) — a CountDownLatch (aux 0) or one phase
 * of a Phaser; the key of every other kind is the object alone (read/write locks therefore order
 * shared and exclusive holders alike). Latch keys and object keys are kept apart: the trace model
 * pairs a latch's count-downs only with its awaits.
 *
 * <p><b>Happens-before of two accesses.</b> Access a of thread t with epoch e happens before
 * access b of another thread iff C_b[t] ≥ e, where C_b is b's stamp. Why: C_b[t] ≥ e holds iff a
 * chain of release → acquire (or barrier) edges leads from a release of t made while C_t[t] was
 * some e' ≥ e — i.e. a release after a in t's program order, since t's epoch only grows and the
 * release of epoch e' is the last thing t does in epoch e' — to b's thread before b. Accesses of
 * t after that release have epoch e' + 1 or more, which the release did not publish. (Within one
 * thread the test holds trivially, t's own component never decreasing; such pairs are skipped
 * anyway, as program order.)
 *
 * <p><b>Races.</b> Two accesses of different threads to the same address, at least one a store,
 * neither happening before the other. Both directions are checked, because the replay does not
 * process accesses in happens-before order (see the barrier comment in {@link Replay#barrier}).
 */
public final class ReferenceRaceDetector {

    private ReferenceRaceDetector() {}

    /** An unordered pair of load/store instruction ids, normalised so that first ≤ second. */
    public record InstructionPair(int first, int second) {
        public InstructionPair {
            if (first > second) throw new IllegalArgumentException("not normalised: " + first + " > " + second + " (use of)");
        }

        public static InstructionPair of(int a, int b) {
            return new InstructionPair(Math.min(a, b), Math.max(a, b));
        }

        @Override
        public String toString() {
            return "(" + first + ", " + second + ")";
        }
    }

    /**
     * One dynamic race of an instruction pair: {@code firstThread} executed {@code pair.first()}
     * and {@code secondThread} {@code pair.second()} (for a pair of one instruction with itself,
     * the smaller thread first), both at {@code address}.
     */
    public record Example(int firstThread, int secondThread, long address) {
        @Override
        public String toString() {
            return "threads " + firstThread + "/" + secondThread + " @" + Addresses.format(address);
        }
    }

    /**
     * The races of one instruction pair: how many dynamic pairs of accesses race, and the first of
     * them the replay met.
     */
    public record Race(long dynamicPairs, Example example) {}

    /** Racing instruction pairs → their races. Immutable; equal results have equal maps. */
    public record Result(Map<InstructionPair, Race> races) {
        public Result {
            races = Map.copyOf(races);
        }

        /** Instruction pair → number of racing dynamic access pairs (what to compare, examples aside). */
        public Map<InstructionPair, Long> counts() {
            Map<InstructionPair, Long> m = new HashMap<>();
            races.forEach((p, r) -> m.put(p, r.dynamicPairs()));
            return Map.copyOf(m);
        }

        public boolean raceFree() {
            return races.isEmpty();
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("Result{");
            races.keySet().stream()
                    .sorted(Comparator.comparingInt(InstructionPair::first).thenComparingInt(InstructionPair::second))
                    .forEach(p -> sb.append(' ').append(p).append(": ").append(races.get(p).dynamicPairs())
                            .append(" (").append(races.get(p).example()).append(')'));
            return sb.append(" }").toString();
        }
    }

    /** The races of {@code trace}, which must be in CDR or ALL mode with every thread loaded. */
    public static Result detect(ParallelTrace trace) {
        if (trace.mode() != TraceMode.CDR && trace.mode() != TraceMode.ALL) {
            throw new IllegalArgumentException("the reference detector needs instruction ids and addresses (CDR or ALL), not "
                    + trace.mode());
        }
        return new Replay(trace).run();
    }

    /** An access as the replay saw it: its thread, instruction, kind and clock stamp. */
    private record Access(int thread, int instruction, boolean write, long[] clock) {
        long epoch() {
            return clock[thread];
        }

        boolean happensBefore(Access b) {
            return b.clock[thread] >= epoch();
        }
    }

    /** Key of a lock, volatile, thread, task, … object: the object alone. */
    private record ObjectKey(long object) {}

    /** Key of a latch (count-downs pair with awaits of the same phase) or of a barrier episode. */
    private record ObjectAuxKey(long object, long aux) {}

    /** What only the exclusive unlocks of a lock published: what a shared (read) lock receives. */
    private record ExclusiveKey(long object) {}

    private static final class Replay {
        private final SyncOrder order;
        private final int n;
        private final List<Iterator<Event>> events = new ArrayList<>();
        private final long[][] clock;          // per thread; arrays never modified once published
        private final long[] syncApplied;       // per thread: sync operations whose effect is applied
        private final Map<Object, long[]> released = new HashMap<>();            // ObjectKey/ObjectAuxKey -> L
        private final Map<ObjectAuxKey, List<Integer>> participants = new HashMap<>(); // episode -> S_synch entries
        private final Map<ObjectAuxKey, long[]> episodeJoin = new HashMap<>();
        private final Map<Long, List<Access>> accesses = new HashMap<>();
        private final Map<InstructionPair, long[]> counts = new HashMap<>();
        private final Map<InstructionPair, Example> examples = new HashMap<>();

        Replay(ParallelTrace trace) {
            this.order = trace.syncOrder();
            this.n = trace.threads().size();
            this.clock = new long[n][];
            this.syncApplied = new long[n];
            for (int t = 0; t < n; t++) {
                if (!trace.isLoaded(t)) throw new IllegalArgumentException("thread " + t + " is not loaded");
                events.add(trace.thread(t).events());
                clock[t] = new long[n];
                clock[t][t] = 1;
            }
            for (int i = 0; i < order.size(); i++) {
                if (order.kind(i) == SyncKind.BARRIER) {
                    participants.computeIfAbsent(new ObjectAuxKey(order.object(i), order.aux(i)), k -> new ArrayList<>()).add(i);
                }
            }
        }

        Result run() {
            for (int i = 0; i < order.size(); i++) {
                int t = order.thread(i);
                if (order.op(i) != syncApplied[t]) {
                    throw new IllegalStateException("S_synch entry " + i + " is sync op " + order.op(i) + " of thread " + t
                            + ", expected " + syncApplied[t]);
                }
                Event op = accessesUpToNextSync(t);
                if (op == null || op.kind() != order.kind(i) || op.id() != order.site(i) || op.object() != order.object(i)
                        || op.aux() != order.aux(i)) {
                    throw new IllegalStateException("thread " + t + "'s sync op " + order.op(i) + " is " + op
                            + " in its events but " + order.kind(i) + " in S_synch entry " + i);
                }
                apply(i, t, op);
                syncApplied[t]++;
            }
            for (int t = 0; t < n; t++) {
                Event extra = accessesUpToNextSync(t);
                if (extra != null) throw new IllegalStateException("thread " + t + " has sync op " + extra + " missing from S_synch");
            }
            Map<InstructionPair, Race> races = new HashMap<>();
            counts.forEach((p, c) -> races.put(p, new Race(c[0], examples.get(p))));
            return new Result(races);
        }

        /** Processes thread t's accesses up to its next sync operation, which it returns (null at the end). */
        private Event accessesUpToNextSync(int t) {
            Iterator<Event> it = events.get(t);
            while (it.hasNext()) {
                Event e = it.next();
                switch (e.type()) {
                    case BLOCK -> { }
                    case LOAD, STORE -> access(new Access(t, e.id(), e.type() == Event.Type.STORE, clock[t]), e.address());
                    case SYNC -> {
                        return e;
                    }
                }
            }
            return null;
        }

        private void access(Access b, long address) {
            if (b.instruction() < 0) throw new IllegalStateException("an access without instruction id (a DOR view?)");
            List<Access> earlier = accesses.computeIfAbsent(address, k -> new ArrayList<>());
            for (Access a : earlier) {
                if (a.thread() != b.thread() && (a.write() || b.write()) && !a.happensBefore(b) && !b.happensBefore(a)) {
                    race(a, b, address);
                }
            }
            earlier.add(b);
        }

        private void race(Access a, Access b, long address) {
            InstructionPair p = InstructionPair.of(a.instruction(), b.instruction());
            counts.computeIfAbsent(p, k -> new long[1])[0]++;
            if (!examples.containsKey(p)) {
                boolean aFirst = a.instruction() < b.instruction()
                        || a.instruction() == b.instruction() && a.thread() < b.thread();
                examples.put(p, aFirst ? new Example(a.thread(), b.thread(), address) : new Example(b.thread(), a.thread(), address));
            }
        }

        private void apply(int i, int t, Event op) {
            SyncKind kind = op.kind();
            boolean latch = kind == SyncKind.LATCH_COUNT_DOWN || kind == SyncKind.LATCH_AWAIT;
            Object key = latch ? new ObjectAuxKey(op.object(), op.aux()) : new ObjectKey(op.object());
            // A shared (read) lock, aux 1: its unlock publishes to later exclusive lockers only, and its
            // lock receives only what exclusive unlocks published, so two readers stay unordered.
            boolean shared = (kind == SyncKind.LOCK || kind == SyncKind.UNLOCK) && op.aux() == 1;
            Object exclusive = new ExclusiveKey(op.object());
            switch (kind.role) {
                case RELEASE -> {
                    released.put(key, join(released.get(key), clock[t]));
                    if (kind == SyncKind.UNLOCK && !shared) released.put(exclusive, join(released.get(exclusive), clock[t]));
                    clock[t] = tick(clock[t], t);
                }
                case ACQUIRE -> clock[t] = join(clock[t], released.get(shared ? exclusive : key));
                case BARRIER -> barrier(i, t, new ObjectAuxKey(op.object(), op.aux()));
            }
        }

        /**
         * Entry i (thread t) of barrier episode {@code episode}.
         *
         * <p>Every participant records the episode after it passed the barrier, and no one passes
         * before the last participant arrived. So the episode's first entry in S_synch took its
         * ticket after every participant arrived, and every sync operation a participant did before
         * arriving took its ticket earlier still: when the first entry is processed, the effects of
         * all of them are applied, and each participant's clock is exactly its clock at arrival
         * (data accesses do not change clocks; the participant's next sync operation is its own
         * entry of this episode). The join is taken there, once: by the time a later participant's
         * entry is processed, participants that left earlier may have synchronized again, and their
         * post-barrier clocks must not leak into it. (The participants' pre-barrier accesses since
         * their last sync operation are processed only at their own entries, possibly after other
         * participants' post-barrier accesses: hence the two-way happens-before check.)
         */
        private void barrier(int i, int t, ObjectAuxKey episode) {
            if (order.firstOfEpisode(i)) {
                long[] j = null;
                for (int entry : participants.get(episode)) {
                    int u = order.thread(entry);
                    if (syncApplied[u] != order.op(entry)) {
                        throw new IllegalStateException("barrier episode " + episode + " starts at S_synch entry " + i
                                + " but participant thread " + u + " has applied " + syncApplied[u]
                                + " sync ops, not the " + order.op(entry) + " before its barrier entry");
                    }
                    j = join(j, clock[u]);
                }
                episodeJoin.put(episode, j);
            } else if (!episodeJoin.containsKey(episode)) {
                throw new IllegalStateException("S_synch entry " + i + " of barrier episode " + episode + " before its first");
            }
            clock[t] = tick(join(clock[t], episodeJoin.get(episode)), t);
        }

        private long[] join(long[] a, long[] b) {
            long[] r = new long[n];
            for (int k = 0; k < n; k++) r[k] = Math.max(a == null ? 0 : a[k], b == null ? 0 : b[k]);
            return r;
        }

        private static long[] tick(long[] c, int t) {
            long[] r = c.clone();
            r[t]++;
            return r;
        }
    }
}
