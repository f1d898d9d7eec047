package dev.wholetrace.model.strata;

import dev.wholetrace.model.util.Alphabet;
import java.util.Arrays;

/**
 * Terminals of any size as dense ids (in order of first appearance) and back, for
 * {@link StrataGrammar}: its {@link PathBuilder} indexes arrays by block id (stamps, heads), which
 * is right for the dense block and superblock ids of {@code compress} and {@code bench}, but a
 * recording's terminals start at 2^30 (path and word ids), where those arrays would take gigabytes
 * inside the traced program. Small terminals (below {@link #DIRECT_LIMIT}, all of them on imported
 * traces) are looked up in an array, the others in an {@link Alphabet}; no allocation once the
 * tables have grown.
 */
final class DenseTerminals {
    /** Terminals below this are mapped through {@link #direct} (at most 256 KiB); the others through {@link #sparse}. */
    static final int DIRECT_LIMIT = 1 << 16;
    /** direct[t]: 1 + the dense id of terminal t, 0 if not met yet. */
    private int[] direct = new int[64];
    /** Terminals from {@link #DIRECT_LIMIT} on → index into {@link #sparseIds}. */
    private final Alphabet sparse = new Alphabet();
    private int[] sparseIds = new int[16];
    /** Terminals in {@link #sparse}: an id at or past it was just added. */
    private int sparseCount;
    /** terminalOf[id]: the terminal with dense id {@code id}. */
    private int[] terminalOf = new int[64];
    private int size;

    /** The dense id of {@code terminal} (≥ 0), adding it if new. */
    int idOf(int terminal) {
        if (terminal < 0) throw new IllegalArgumentException("terminal " + terminal + " < 0");
        if (terminal < direct.length) {
            int e = direct[terminal];
            return e != 0 ? e - 1 : addDirect(terminal);
        }
        return terminal < DIRECT_LIMIT ? addDirect(terminal) : sparseId(terminal);
    }

    private int addDirect(int terminal) {
        if (terminal >= direct.length) direct = Arrays.copyOf(direct, Math.min(DIRECT_LIMIT, Math.max(terminal + 1, direct.length * 2)));
        int id = add(terminal);
        direct[terminal] = id + 1;
        return id;
    }

    private int sparseId(int terminal) {
        int k = sparse.idOf(terminal);
        if (k < sparseCount) return sparseIds[k];
        if (k == sparseIds.length) sparseIds = Arrays.copyOf(sparseIds, k * 2);
        sparseCount++;
        return sparseIds[k] = add(terminal);
    }

    private int add(int terminal) {
        if (size == terminalOf.length) terminalOf = Arrays.copyOf(terminalOf, size * 2);
        terminalOf[size] = terminal;
        return size++;
    }

    /** {@code ids}, each dense id replaced by its terminal, in place; returns {@code ids}. */
    int[] terminals(int[] ids) {
        for (int i = 0; i < ids.length; i++) ids[i] = terminalOf[ids[i]];
        return ids;
    }

    long bytes() {
        return 4L * (direct.length + sparseIds.length + terminalOf.length) + sparse.footprintBytes();
    }
}
