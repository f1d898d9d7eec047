package dev.wholetrace.simulate.tx.correspond;

import java.util.List;

/**
 * A period of divergence (§5.5): after TCP instance {@code tcp} (the {@code instance}-th event of its
 * thread) the executions ran different events until the TCP's CP. {@code a}, {@code b} are the
 * events in between (statement names, {@code name=value} for an array reference), each cut at
 * {@link ComputeM#REGION_CAP}; the lengths are exact.
 *
 * @param hamming positions that differ over the shorter length, plus the length difference
 * @param levenshtein fewest insertions, deletions and substitutions turning a into b (-1 when a region was cut)
 */
public record Region(String threadA, String threadB, String tcp, long instance, List<String> a, List<String> b, long lengthA, long lengthB,
        long hamming, long levenshtein) {}
