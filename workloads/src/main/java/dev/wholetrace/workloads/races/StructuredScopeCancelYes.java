package dev.wholetrace.workloads.races;

import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.close;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.fill;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.fork;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.join;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.joiner;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.open;

/**
 * {@link StructuredScopeCancelNo}'s first scope, JDK 25: a cancelled scope's join orders what the subtask that
 * cancelled it did, not what a subtask it cancelled did. The subtask that loses writes {@code late}, then waits
 * until the owner says it has read (a volatile flag: the loser's thread cannot end first, which would let the
 * join order it, as a flock whose threads have all ended does); the owner reads {@code late} after join and
 * before close (0 or 1), unordered with that write: a race on {@code late}. The winner's box, read at the same place, does not race.
 */
public final class StructuredScopeCancelYes {
    public static final String[] RACES = {"StructuredScopeCancelYes.late"};
    /** As {@link StructuredScopeCancelNo}: RaceSuite skips the program before JDK 25. */
    public static final int MIN_JDK = 25;

    static int late;
    /** Set by the owner after its read: the loser waits for it (ignoring the cancellation's interrupt), so it cannot end before. */
    static volatile boolean read;

    public static void main(String[] args) throws Exception {
        int sum = 0;
        Object scope = open(joiner("anySuccessfulResultOrThrow"));
        try {
            fork(scope, () -> { // the loser: still running when the owner reads, so no join of its thread comes between
                late = 1;
                while (!read) java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // an acquire: orders nothing before the write
                return null;
            });
            fork(scope, () -> fill(7));
            StructuredScopeCancelNo.Box b = (StructuredScopeCancelNo.Box) join(scope);
            int seen = late; // 0 or 1: races with the loser's write
            read = true;
            if (seen != 0 && seen != 1) throw new AssertionError();
            sum += b.value + b.parts[3];
        } finally {
            close(scope);
        }
        System.out.println("sum=" + sum);
    }
}
