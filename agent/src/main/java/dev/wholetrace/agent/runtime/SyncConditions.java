package dev.wholetrace.agent.runtime;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * Which lock each Condition belongs to, learnt at the program's newCondition() calls: a Condition
 * does not tell, and Condition.await releases and re-takes that lock. A weak identity map (a
 * condition the program dropped drops its entry); a condition created where the agent does not
 * see it (in JDK code) is unknown, and its awaits are recorded as nothing.
 */
final class SyncConditions {
    private static final class Entry extends WeakReference<Condition> {
        final int hash;
        final Lock lock;
        Entry next;

        Entry(Condition c, int hash, Lock lock, Entry next, ReferenceQueue<Condition> q) {
            super(c, q);
            this.hash = hash;
            this.lock = lock;
            this.next = next;
        }
    }

    private static final ReferenceQueue<Condition> DEAD = new ReferenceQueue<>();
    private static Entry[] table = new Entry[64];
    private static int size;

    private SyncConditions() {}

    static synchronized void created(Condition condition, Lock lock) {
        expunge();
        int h = System.identityHashCode(condition);
        int i = h & (table.length - 1);
        for (Entry e = table[i]; e != null; e = e.next) if (e.get() == condition) return;
        table[i] = new Entry(condition, h, lock, table[i], DEAD);
        if (++size > table.length) grow();
    }

    /** The lock {@code condition} was created by, or null if the agent did not see it created. */
    static synchronized Lock lockOf(Object condition) {
        expunge();
        int h = System.identityHashCode(condition);
        for (Entry e = table[h & (table.length - 1)]; e != null; e = e.next) if (e.get() == condition) return e.lock;
        return null;
    }

    private static void expunge() {
        for (Reference<?> r; (r = DEAD.poll()) != null; ) {
            Entry gone = (Entry) r;
            int i = gone.hash & (table.length - 1);
            for (Entry e = table[i], prev = null; e != null; prev = e, e = e.next) {
                if (e == gone) {
                    if (prev == null) table[i] = e.next;
                    else prev.next = e.next;
                    size--;
                    break;
                }
            }
        }
    }

    private static void grow() {
        Entry[] old = table;
        table = new Entry[old.length * 2];
        for (Entry head : old) {
            for (Entry e = head; e != null; ) {
                Entry next = e.next;
                int i = e.hash & (table.length - 1);
                e.next = table[i];
                table[i] = e;
                e = next;
            }
        }
    }
}
