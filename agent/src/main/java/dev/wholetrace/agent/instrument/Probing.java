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
    /**
     * Sync operations only (volatile accesses and class-init included): no blocks, no plain loads
     * and stores. For classes that include=/exclude= do not select: what they do is not checked,
     * but how they order the checked classes' accesses (threads they start and join, locks) is.
     */
    SYNC_ONLY(null),
    /** Left as it was. */
    NONE("uninstrumented (exceeds 64 KB even with entry and sync probes only)");

    /** Whether block probes go in (all of them, or one at the method's entry). */
    boolean blocks() {
        return this != SYNC_ONLY && this != NONE;
    }

    /** What the trace's metadata says about a method probed at this level; null for FULL and SYNC_ONLY. */
    final String description;

    Probing(String description) {
        this.description = description;
    }

    /** The next coarser level; NO_HEAP is skipped when heap accesses are not probed anyway (COR). */
    Probing coarser(boolean heap) {
        return switch (this) {
            case FULL -> heap ? NO_HEAP : ENTRY;
            case NO_HEAP -> ENTRY;
            case ENTRY, SYNC_ONLY, NONE -> NONE;
        };
    }
}
