package dev.wholetrace.analysis.deps;

import dev.wholetrace.model.event.CodeEntry;
import java.util.List;
import java.util.Map;

/**
 * The dynamic store→load dependences of a recording on the static program: per edge (store
 * instruction, load instruction, origin) its count, with both instructions' code; how they were
 * recovered ({@code method}: "ewpp" from the check signatures, "address-trace" from the addresses);
 * for an eWPP what its signatures held; optional instances with timestamps and chains.
 */
public record DepsResult(String file, String mode, String method, List<EdgeRow> edges, Map<Origin, Long> byOrigin,
                         EwppRecovery.Stats signatures, List<DependenceCounts.Instance> instances, List<Chain> chains,
                         long recoveryNanos) {

    /** One edge: {@code store} is -1 and its code null for {@link Origin#NO_WRITER}. */
    public record EdgeRow(int store, int load, Origin origin, long count, CodeEntry storeCode, CodeEntry loadCode) {}

    /** A chain u0 ← d1 … u(k-1) ← dk by instruction ids (loads and stores alternating, from the load) and how often it ran. */
    public record Chain(List<Integer> instructions, long frequency) {}

    public long total() {
        long n = 0;
        for (EdgeRow e : edges) n += e.count();
        return n;
    }
}
