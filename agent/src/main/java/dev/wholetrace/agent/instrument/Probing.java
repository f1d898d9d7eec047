package dev.wholetrace.agent.instrument;

/**
 * How finely a method is probed. A method that would exceed the JVM's 64 KB code limit with its
 * probes is probed one level coarser, and so on until it fits; sync operations are given up last
 * because without them the trace's sync order, and every analysis on it, would be wrong for the
 * whole program, while missing blocks or accesses only blur the one method.
 */
enum Probing {
    /** A probe at every basic block, every sync operation and (in DOR, CDR and ALL) every heap access. */
    FULL(null),
    /** Blocks and sync operations (volatile accesses included); no plain loads and stores. */
    NO_HEAP("blocks and sync operations only: no loads and stores (exceeds 64 KB with them)"),
    /** One block at the method's entry, and its sync operations. */
    ENTRY("one block at entry and sync operations only (exceeds 64 KB with every block)"),
    /** Left as it was. */
    NONE("uninstrumented (exceeds 64 KB even with entry and sync probes only)");

    /** What the trace's metadata says about a method probed at this level; null for FULL. */
    final String description;

    Probing(String description) {
        this.description = description;
    }

    /** The next coarser level; NO_HEAP is skipped when heap accesses are not probed anyway (COR). */
    Probing coarser(boolean heap) {
        return switch (this) {
            case FULL -> heap ? NO_HEAP : ENTRY;
            case NO_HEAP -> ENTRY;
            case ENTRY, NONE -> NONE;
        };
    }
}
