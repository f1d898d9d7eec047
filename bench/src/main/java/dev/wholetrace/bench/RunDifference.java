package dev.wholetrace.bench;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Why the edges recovered from two runs of one program may differ with both recoveries right
 * ({@code bench ewpp} recovers the eWPP and the address trace from separate runs). Two causes are
 * known: the runs took their locks in another order ({@link LockOrder}); or they differ only in
 * edges whose store is in a class initializer: the JVM runs a class's {@code <clinit>} in the thread
 * that first uses the class, ordered by its own initialization lock, which the agent does not record,
 * so two runs with the same lock order can still read the initializer's stores from other threads
 * (math3, session 47: {@code FastMath$lnMant.<clinit>}, 987 vs 991 same-thread loads between two CDR
 * runs with the same lock order, both recoveries checked against the shadow-memory oracle).
 */
final class RunDifference {
    static final String LOCKS = "other lock order";
    static final String CLASS_INIT = "other class-init order";

    private RunDifference() {}

    /**
     * Why {@code edges} (a run's, as {@code EwppBenchCommand} formats them: store, load, origin, count)
     * differ from the CDR run's {@code cdrEdges}: "" where they do not, {@link #LOCKS} or
     * {@link #CLASS_INIT}, or null where neither explains it (a recovery's fault).
     */
    static String of(List<String> edges, List<Long> locks, List<String> cdrEdges, List<Long> cdrLocks) {
        if (edges.equals(cdrEdges)) return "";
        if (!locks.equals(cdrLocks)) return LOCKS;
        return onlyInClassInitializers(edges, cdrEdges) ? CLASS_INIT : null;
    }

    /** Whether every edge line in one list and not the other has its store (the first word) in a {@code <clinit>}. */
    static boolean onlyInClassInitializers(List<String> a, List<String> b) {
        Set<String> inA = new HashSet<>(a);
        Set<String> inB = new HashSet<>(b);
        for (String e : a) if (!inB.contains(e) && !storeInClassInitializer(e)) return false;
        for (String e : b) if (!inA.contains(e) && !storeInClassInitializer(e)) return false;
        return true;
    }

    private static boolean storeInClassInitializer(String edge) {
        int space = edge.indexOf(' ');
        return space > 0 && edge.substring(0, space).contains(".<clinit>(");
    }

    /** The *same* cell's reason for two variants' differences ({@link #of} each): null if either is unexplained. */
    static String both(String a, String b) {
        if (a == null || b == null) return null;
        if (a.isEmpty() || a.equals(b)) return b;
        return b.isEmpty() ? a : a + "; " + b;
    }
}
