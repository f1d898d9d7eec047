package dev.wholetrace.analysis.race;

import java.util.List;

/**
 * One finding: a pair of instructions whose accesses raced, with how many dynamic access pairs did,
 * one example, and (when asked for) every instance. Instruction {@code a} ≤ {@code b}.
 *
 * @param count dynamic instances: pairs of accesses, one by each instruction in different threads,
 *     to the same address, at least one a write, in concurrent segments
 */
public record Race(int a, int b, long count, Instance example, List<Instance> instances) {
    /**
     * One pair of concurrent segments in which the two instructions raced: thread and segment of
     * a's accesses, of b's, the first racing address found and how many access pairs of the two
     * instructions raced between the two segments.
     */
    public record Instance(int threadA, long segmentA, int threadB, long segmentB, long address, long pairs) {}
}
