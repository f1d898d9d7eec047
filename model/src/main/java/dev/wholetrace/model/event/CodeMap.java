package dev.wholetrace.model.event;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Block and instruction ids → {@link CodeEntry}. The recorder adds entries as code is defined
 * (class-load time, off the hot path) and the writer drains what is new into each chunk, so a
 * trace cut after chunk k still describes every id its events use.
 */
public final class CodeMap {
    private final List<CodeEntry> blocks = new ArrayList<>();
    private final List<CodeEntry> instructions = new ArrayList<>();
    private final Map<Integer, CodeEntry> blockById = new HashMap<>();
    private final Map<Integer, CodeEntry> instructionById = new HashMap<>();

    public synchronized void addBlock(CodeEntry e) {
        if (blockById.putIfAbsent(e.id(), e) == null) blocks.add(e);
    }

    public synchronized void addInstruction(CodeEntry e) {
        if (instructionById.putIfAbsent(e.id(), e) == null) instructions.add(e);
    }

    public synchronized CodeEntry block(int id) {
        return blockById.get(id);
    }

    public synchronized CodeEntry instruction(int id) {
        return instructionById.get(id);
    }

    public synchronized int blockCount() {
        return blocks.size();
    }

    public synchronized int instructionCount() {
        return instructions.size();
    }

    /** Blocks defined since the first {@code from}, in definition order. */
    public synchronized List<CodeEntry> blocksFrom(int from) {
        return Collections.unmodifiableList(new ArrayList<>(blocks.subList(from, blocks.size())));
    }

    public synchronized List<CodeEntry> instructionsFrom(int from) {
        return Collections.unmodifiableList(new ArrayList<>(instructions.subList(from, instructions.size())));
    }
}
