package dev.wholetrace.analysis.race;

import java.util.List;

/**
 * One finding: a pair of instructions whose accesses raced, with how many dynamic access pairs did,
 * one example, and (when asked for) every instance. Instruction {@code a} ≤ {@code b}.
 *
 * @param count dynamic instances: pairs of accesses, one by each instruction in different threads,
 *     to the same address, at least one a write, in concurrent segments
 * @param countIsLowerBound some of them were not counted (RaceDetector#ENUMERATED_PER_FINDING: the
 *     finding was counted one by one long enough, and rows that could only add to it were passed over),
 *     so {@code count} (and the instances) are at least what was found, not all
 */
public record Race(int a, int b, long count, Instance example, List<Instance> instances, boolean countIsLowerBound) {
    /** A finding whose count is exact. */
    public Race(int a, int b, long count, Instance example, List<Instance> instances) {
        this(a, b, count, example, instances, false);
    }

    /**
     * One pair of concurrent segments in which the two instructions raced: thread and segment of
     * a's accesses, of b's, the first racing address found and how many access pairs of the two
     * instructions raced between the two segments.
     */
    public record Instance(int threadA, long segmentA, int threadB, long segmentB, long address, long pairs) {}
}
