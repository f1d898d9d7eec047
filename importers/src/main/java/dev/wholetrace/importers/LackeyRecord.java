package dev.wholetrace.importers;

/**
 * Kinds of lackey trace records and their fixed-size binary form, used by {@code expand}:
 * 13 bytes per record, little-endian: u8 kind, u64 address, u32 size (docs/formats.md).
 */
public final class LackeyRecord {
    public static final int INSTRUCTION = 0;
    public static final int LOAD = 1;
    public static final int STORE = 2;
    public static final int MODIFY = 3;
    public static final int SUPERBLOCK = 4;
    public static final int BINARY_BYTES = 13;

    private static final String[] NAMES = {"I", "L", "S", "M", "SB"};

    private LackeyRecord() {}

    public static String name(int kind) {
        return NAMES[kind];
    }

    public static boolean isData(int kind) {
        return kind == LOAD || kind == STORE || kind == MODIFY;
    }

    /** Receives parsed records; primitive arguments so that parsing allocates nothing per line. */
    @FunctionalInterface
    public interface Sink {
        void record(int kind, long address, int size) throws java.io.IOException;
    }
}
