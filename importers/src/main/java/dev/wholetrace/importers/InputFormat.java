package dev.wholetrace.importers;

import java.util.Locale;

/** Raw trace formats that {@code wholetrace compress} accepts (docs/formats.md). */
public enum InputFormat {
    /** Little-endian 4-byte unsigned symbols. */
    U32(0, "u32"),
    /** Little-endian 8-byte symbols, e.g. addresses. */
    U64(1, "u64"),
    /** valgrind lackey {@code --trace-superblocks=yes}: one "SB addr" line per superblock. */
    LACKEY_SB(2, "lackey-sb"),
    /** valgrind lackey {@code --trace-mem=yes}: instructions and their loads/stores/modifies. */
    LACKEY_MEM(3, "lackey-mem");

    public final int id;
    public final String cliName;

    InputFormat(int id, String cliName) {
        this.id = id;
        this.cliName = cliName;
    }

    public boolean isLackey() {
        return this == LACKEY_SB || this == LACKEY_MEM;
    }

    public static InputFormat byId(int id) {
        for (InputFormat f : values()) if (f.id == id) return f;
        return null;
    }

    /** Parses a CLI name; null if unknown. */
    public static InputFormat byName(String name) {
        for (InputFormat f : values()) if (f.cliName.equals(name.toLowerCase(Locale.ROOT))) return f;
        return null;
    }
}
