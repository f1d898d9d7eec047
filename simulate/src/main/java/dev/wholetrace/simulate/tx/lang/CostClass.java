package dev.wholetrace.simulate.tx.lang;

/**
 * The instruction classes the thesis-language interpreter charges, each {@code cycles.tx.NAME} in the
 * machine file (docs/machine-model.md, section "tx"). Shared-memory and lock latencies are separate
 * costs ({@code cost.tx.*}).
 */
public enum CostClass {
    /** Register moves, add, subtract, compare, negate. */
    ALU("alu"),
    /** Multiply, divide, remainder. */
    MUL("mul"),
    /** Conditional and unconditional branches. */
    BRANCH("branch"),
    /** A load from shared memory (a scalar or an element of a shared array). */
    LOAD("load"),
    /** A store to shared memory. */
    STORE("store"),
    /** A load or store of an element of a local array. */
    LOCAL_ARRAY("local.array"),
    /** lock, unlock and test-and-set. */
    SYNC("sync"),
    /** read and print. */
    CALL("call"),
    /** task_create and task_terminate. */
    TASK("task"),
    /** begin, end and else markers. */
    NOP("nop");

    /** The NAME in {@code cycles.tx.NAME}. */
    public final String key;

    CostClass(String key) { this.key = key; }
}
