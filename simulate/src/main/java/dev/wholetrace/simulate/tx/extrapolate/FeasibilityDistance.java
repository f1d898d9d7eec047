package dev.wholetrace.simulate.tx.extrapolate;

import java.util.HashMap;
import java.util.Map;

/**
 * The feasibility distance of Figure 46 on one lock's acquisition orders: an acquisition in the
 * target is out of order when its predecessor in the source's order (its lock_list entry) has not yet
 * acquired in the target. Figure 45: source p1 p2 p3 p4, target p3 p1 p2 p4 gives 1; p3 p2 p1 p4 gives 2.
 */
public final class FeasibilityDistance {
    private FeasibilityDistance() {}

    /** Out-of-order acquisitions of {@code target} relative to {@code source} (the same acquirers, each once). */
    public static int of(String[] source, String[] target) {
        Map<String, String> pred = new HashMap<>();
        for (int i = 1; i < source.length; i++) pred.put(source[i], source[i - 1]);
        java.util.Set<String> done = new java.util.HashSet<>();
        int d = 0;
        for (String t : target) {
            String p = pred.get(t);
            if (p != null && !done.contains(p)) d++;
            done.add(t);
        }
        return d;
    }
}
