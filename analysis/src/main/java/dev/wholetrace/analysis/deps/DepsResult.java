package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.HeapAccess;
import java.util.List;
import java.util.Map;

/**
 * The dynamic store→load dependences of a recording on the static program: per edge (store
 * instruction, load instruction, origin) its count, with both instructions' code; how they were
 * recovered ({@code method}: "ewpp" from the check signatures, "address-trace" from the addresses);
 * for an eWPP what its signatures held; optional instances with timestamps and chains. {@code edges}
 * are every edge in the loads' program order, or with {@code deps --top N} the N with the most
 * dependences, the most first; {@code edgeCount} and {@code byOrigin} (and so {@link #total}) always
 * count every edge.
 */
public record DepsResult(String file, String mode, String method, List<EdgeRow> edges, int edgeCount, Map<Origin, Long> byOrigin,
                         EwppRecovery.Stats signatures, List<DependenceCounts.Instance> instances, List<Chain> chains,
                         long recoveryNanos) {

    /** One edge: {@code store} is -1 and its code null for {@link Origin#NO_WRITER}. */
    public record EdgeRow(int store, int load, Origin origin, long count, CodeEntry storeCode, CodeEntry loadCode) {
        /**
         * What the load reads, from its code-map text: {@code Class.field} (the declaring class's
         * simple name), or {@code double[]} for an array element; "" when the code map does not say.
         */
        public String variable() {
            HeapAccess a = HeapAccess.of(loadCode);
            if (a == null) return "";
            return a.field() != null ? a.field() : a.elementType() + "[]";
        }
    }

    /** A chain u0 ← d1 … u(k-1) ← dk by instruction ids (loads and stores alternating, from the load) and how often it ran. */
    public record Chain(List<Integer> instructions, long frequency) {}

    /** Dependences on every edge (not only those kept by {@code --top}). */
    public long total() {
        long n = 0;
        for (long c : byOrigin.values()) n += c;
        return n;
    }

    /** Whether {@code edges} holds only the edges with the most dependences ({@code --top}). */
    public boolean topOnly() {
        return edges.size() < edgeCount;
    }
}
