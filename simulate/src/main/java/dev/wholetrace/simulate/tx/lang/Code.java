package dev.wholetrace.simulate.tx.lang;

import java.util.List;

/**
 * A lowered program: one {@link Unit} of instructions per thread body (the main thread and each task),
 * the shared memory's layout and initial values, and per-statement instruction counts.
 *
 * @param program the source
 * @param units the main thread's unit (index 0) and one per task body
 * @param sharedInit initial shared memory (scalars, arrays and locks, by cell)
 * @param sharedNames the variable each shared cell belongs to (for reports)
 * @param staticCounts instructions each statement lowers to (a for loop: its first visit, init and test)
 */
public record Code(Program program, List<Unit> units, long[] sharedInit, String[] sharedNames, int[] staticCounts) {
    /**
     * One thread body.
     *
     * @param id index in {@link Code#units()}
     * @param name "main" or "task N@line"
     * @param code the instructions
     * @param frameSize local slots (the parent's frame, copied at task_create, then own locals and temporaries)
     * @param parentFrame slots copied from the parent frame at task_create
     * @param localInit initial values of the unit's own slots from {@code parentFrame} on
     * @param children for each task_create in this unit (by its {@link Instr#target}), the child unit ids
     */
    public record Unit(int id, String name, Instr[] code, int frameSize, int parentFrame, long[] localInit, int[][] children) {}
}
