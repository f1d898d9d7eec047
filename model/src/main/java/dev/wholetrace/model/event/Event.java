package dev.wholetrace.model.event;

/**
 * One event of one thread, as read back from a trace (or as a test expects it). Not used on the
 * recording hot path, which stores events as longs in primitive buffers.
 *
 * <p>{@code id} is the block id, the instruction id of a load/store (-1 in DOR, which does not
 * keep instructions), or the site of a sync operation. {@code object} and {@code aux} belong to
 * sync operations: the synchronization object and, for barriers, the episode.
 */
public record Event(Type type, int id, long address, SyncKind kind, long object, long aux) {

    public enum Type { BLOCK, LOAD, STORE, SYNC }

    public static Event block(int id) {
        return new Event(Type.BLOCK, id, 0, null, 0, 0);
    }

    public static Event load(int instruction, long address) {
        return new Event(Type.LOAD, instruction, address, null, 0, 0);
    }

    public static Event store(int instruction, long address) {
        return new Event(Type.STORE, instruction, address, null, 0, 0);
    }

    public static Event sync(SyncKind kind, int site, long object, long aux) {
        return new Event(Type.SYNC, site, 0, kind, object, aux);
    }

    public boolean isSync() {
        return type == Type.SYNC;
    }

    public boolean isAccess() {
        return type == Type.LOAD || type == Type.STORE;
    }

    /** This event as a trace of {@code mode} keeps it, or null if that mode drops it. */
    public Event projectTo(TraceMode mode) {
        return switch (type) {
            case SYNC -> this;
            case BLOCK -> mode.control ? this : null;
            case LOAD, STORE -> mode.streams ? this
                    : mode.dataWpp ? new Event(type, -1, address, null, 0, 0)
                    : mode.controlAccesses() ? new Event(type, id, -1, null, 0, 0) : null; // EWPP: instruction, no address
        };
    }

    @Override
    public String toString() {
        return switch (type) {
            case BLOCK -> "B" + id;
            case LOAD -> "L" + (id >= 0 ? id : "") + "@" + Addresses.format(address);
            case STORE -> "S" + (id >= 0 ? id : "") + "@" + Addresses.format(address);
            case SYNC -> kind.label + "(" + object + (kind == SyncKind.BARRIER ? "#" + aux : "") + ")";
        };
    }
}
