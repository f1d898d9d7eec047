package dev.wholetrace.agent.runtime;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * Which lock each Condition belongs to, learnt at the program's newCondition() calls: a Condition
 * does not tell, and Condition.await releases and re-takes that lock. A weak identity map (a
 * condition the program dropped drops its entry); a condition created where the agent does not
 * see it (in JDK code) is unknown, and its awaits are recorded as nothing.
 */
final class SyncConditions {
    private static final WeakIdentityMap<Condition, Lock> LOCKS = new WeakIdentityMap<>();

    private SyncConditions() {}

    static void created(Condition condition, Lock lock) {
        LOCKS.computeIfAbsent(condition, c -> lock);
    }

    /** The lock {@code condition} was created by, or null if the agent did not see it created. */
    static Lock lockOf(Object condition) {
        return LOCKS.get(condition);
    }
}
