package dev.wholetrace.analysis.std;

import dev.wholetrace.analysis.std.StdEvent.Kind;
import dev.wholetrace.analysis.std.StdEvent.Op;
import dev.wholetrace.analysis.std.StdEvent.Target;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The trace's locks as STD locks that RAPID's engines accept: a well-formed lock trace (an acquire
 * only of a lock no other thread holds, a release only by its holder, no nested acquires).
 *
 * <p>A read/write lock's shared side cannot be one STD lock: two readers hold it at once. As the
 * happens-before replay defines it (docs/races.md), a read unlock publishes only to later write
 * lockers and a read lock receives only what write unlocks published. The export writes exactly
 * that with one lock per reader: thread t's read lock of object o is {@code R<o>_<t>}; a write lock
 * of o is {@code L<o>} and every {@code R<o>_<r>} for each thread r that read-locks o anywhere in the
 * trace. Readers then hold distinct locks (no edge between them, no overlap), a writer excludes and
 * is ordered with every reader and every other writer. A lock kind without a read side (monitors,
 * {@code ReentrantLock}) is {@code L<o>} alone.
 *
 * <p>Nested acquires (a reentrant monitor, a write lock downgraded to a read lock) are counted,
 * not written: only the outermost acquire and the matching release appear, which carries the same
 * edges, as no other thread can take the lock in between. When another thread acquires a lock the
 * bookkeeping says is still held, the holder must have let it go without an unlock of its depth
 * (an {@code Object.wait} inside a nested {@code synchronized} records one unlock but frees the
 * monitor): the holder's release is written just before that acquire, at the site of its last
 * unlock (the holder has done nothing since: it was waiting), and its remaining depth is restored
 * at its next acquire. An unlock of a lock the thread does not hold (the agent records some unlocks
 * that then throw, docs/agent.md) is a release to the detector, so it is written as an acquire and
 * a release of the lock when nobody holds it, and dropped when another thread does (no well-formed
 * STD can say it then).
 */
final class StdLocks {
    /** Receives the acquires and releases to write. */
    interface Emit<X extends Exception> {
        void emit(int thread, Op op, Target lock, int site) throws X;
    }

    /** Who holds a lock, how often, and where it last unlocked it without letting go. */
    private static final class Hold {
        final int thread;
        int depth = 1;
        int site;

        Hold(int thread, int site) {
            this.thread = thread;
            this.site = site;
        }
    }

    private final Map<Long, int[]> readers;
    private final Map<Target, Hold> holds = new HashMap<>();
    /** Per thread, the depth of each lock it was found to have let go of (see the class comment), owed at its next acquire. */
    private final List<Map<Target, int[]>> owed = new ArrayList<>();

    /** @param readers per lock object, the threads that take its read lock anywhere in the trace */
    StdLocks(Map<Long, int[]> readers) {
        this.readers = readers;
    }

    /** Thread t locks {@code object}: shared when {@code shared} (aux 1), else exclusively. */
    <X extends Exception> void lock(int t, long object, boolean shared, int site, Emit<X> out) throws X {
        if (shared) {
            acquire(t, new Target(Kind.READ_LOCK, object, t), site, out);
            return;
        }
        acquire(t, new Target(Kind.LOCK, object, 0), site, out);
        int[] r = readers.get(object);
        if (r != null) for (int reader : r) acquire(t, new Target(Kind.READ_LOCK, object, reader), site, out);
    }

    /** Thread t unlocks what {@link #lock} with the same arguments took, in the reverse order. */
    <X extends Exception> void unlock(int t, long object, boolean shared, int site, Emit<X> out) throws X {
        if (shared) {
            release(t, new Target(Kind.READ_LOCK, object, t), site, out);
            return;
        }
        int[] r = readers.get(object);
        if (r != null) for (int i = r.length - 1; i >= 0; i--) release(t, new Target(Kind.READ_LOCK, object, r[i]), site, out);
        release(t, new Target(Kind.LOCK, object, 0), site, out);
    }

    private <X extends Exception> void acquire(int t, Target lock, int site, Emit<X> out) throws X {
        Hold h = holds.get(lock);
        if (h != null && h.thread == t) {
            h.depth++;
            return;
        }
        if (h != null) { // the holder let it go unrecorded: its release comes first
            out.emit(h.thread, Op.RELEASE, lock, h.site);
            owed(h.thread).put(lock, new int[] {h.depth});
        }
        out.emit(t, Op.ACQUIRE, lock, site);
        Hold mine = new Hold(t, site);
        int[] depth = owed(t).remove(lock);
        if (depth != null) mine.depth += depth[0];
        holds.put(lock, mine);
    }

    private <X extends Exception> void release(int t, Target lock, int site, Emit<X> out) throws X {
        Hold h = holds.get(lock);
        if (h == null || h.thread != t) {
            int[] depth = owed(t).get(lock);
            if (depth != null) {
                if (--depth[0] == 0) owed(t).remove(lock);
            } else if (h == null) { // an unlock recorded although it did not hold the lock: its release, as the detector counts it
                out.emit(t, Op.ACQUIRE, lock, site);
                out.emit(t, Op.RELEASE, lock, site);
            }
            return;
        }
        h.site = site;
        if (--h.depth == 0) {
            holds.remove(lock);
            out.emit(t, Op.RELEASE, lock, site);
        }
    }

    private Map<Target, int[]> owed(int t) {
        while (owed.size() <= t) owed.add(new HashMap<>());
        return owed.get(t);
    }
}
