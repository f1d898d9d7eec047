package dev.wholetrace.workloads.races;

import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.close;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.fill;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.fork;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.join;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.joiner;
import static dev.wholetrace.workloads.races.StructuredScopeCancelNo.open;

/**
 * {@link StructuredScopeCancelNo}'s first scope, JDK 25: a cancelled scope's join orders what the subtask that
 * cancelled it did, not what a subtask it cancelled did. The subtask that loses writes {@code late} before it
 * sleeps until the cancellation interrupts it; the owner reads {@code late} after join and before close (0 or
 * 1), unordered with that write: a race on {@code late}. The winner's box, read at the same place, does not race.
 */
public final class StructuredScopeCancelYes {
    public static final String[] RACES = {"StructuredScopeCancelYes.late"};
    /** As {@link StructuredScopeCancelNo}: RaceSuite skips the program before JDK 25. */
    public static final int MIN_JDK = 25;

    static int late;

    public static void main(String[] args) throws Exception {
        int sum = 0;
        Object scope = open(joiner("anySuccessfulResultOrThrow"));
        try {
            fork(scope, () -> { late = 1; Thread.sleep(60_000); return null; }); // interrupted by the cancellation
            fork(scope, () -> fill(7));
            StructuredScopeCancelNo.Box b = (StructuredScopeCancelNo.Box) join(scope);
            int seen = late; // 0 or 1: races with the loser's write
            if (seen != 0 && seen != 1) throw new AssertionError();
            sum += b.value + b.parts[3];
        } finally {
            close(scope);
        }
        System.out.println("sum=" + sum);
    }
}
