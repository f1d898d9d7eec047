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
 *
 * <p>A map read from a file can be {@link #lazy}: it asks its {@link Source} for one instruction
 * at a time until something needs the whole map (a block, a count, a listing, an addition), and
 * then decodes every entry once. A one-query {@code wholetrace deps} names a few dozen of a
 * program's thousands of instructions and no block (docs/results/ewpp.md, "Session 43").
 */
public final class CodeMap {
    /** Where a lazy map's entries come from: the file's code sections. Damage is an {@link IllegalArgumentException}. */
    public interface Source {
        /** Every entry, in definition order (a later definition of an id is ignored, as {@link #addBlock} ignores it). */
        void decode(List<CodeEntry> blocks, List<CodeEntry> instructions);

        /** The first definition of instruction {@code id}, decoded alone; null if none. */
        CodeEntry instruction(int id);
    }

    private final List<CodeEntry> blocks = new ArrayList<>();
    private final List<CodeEntry> instructions = new ArrayList<>();
    private final Map<Integer, CodeEntry> blockById = new HashMap<>();
    private final Map<Integer, CodeEntry> instructionById = new HashMap<>();
    /** Non-null while the entries have not all been decoded: then {@link #instructionById} holds those asked for. */
    private Source source;

    public CodeMap() {}

    /** A map of {@code source}'s entries, decoded as they are asked for. */
    public static CodeMap lazy(Source source) {
        CodeMap m = new CodeMap();
        m.source = source;
        return m;
    }

    public synchronized void addBlock(CodeEntry e) {
        decodeAll();
        if (blockById.putIfAbsent(e.id(), e) == null) blocks.add(e);
    }

    public synchronized void addInstruction(CodeEntry e) {
        decodeAll();
        if (instructionById.putIfAbsent(e.id(), e) == null) instructions.add(e);
    }

    public synchronized CodeEntry block(int id) {
        decodeAll();
        return blockById.get(id);
    }

    public synchronized CodeEntry instruction(int id) {
        CodeEntry e = instructionById.get(id);
        if (e == null && source != null) {
            e = source.instruction(id);
            if (e != null) instructionById.put(id, e);
        }
        return e;
    }

    public synchronized int blockCount() {
        decodeAll();
        return blocks.size();
    }

    public synchronized int instructionCount() {
        decodeAll();
        return instructions.size();
    }

    /** Blocks defined since the first {@code from}, in definition order. */
    public synchronized List<CodeEntry> blocksFrom(int from) {
        decodeAll();
        return Collections.unmodifiableList(new ArrayList<>(blocks.subList(from, blocks.size())));
    }

    public synchronized List<CodeEntry> instructionsFrom(int from) {
        decodeAll();
        return Collections.unmodifiableList(new ArrayList<>(instructions.subList(from, instructions.size())));
    }

    private void decodeAll() {
        if (source == null) return;
        List<CodeEntry> b = new ArrayList<>(), i = new ArrayList<>();
        source.decode(b, i);
        instructionById.clear(); // the entries asked for one by one are decoded again, in their place
        source = null;
        for (CodeEntry e : b) if (blockById.putIfAbsent(e.id(), e) == null) blocks.add(e);
        for (CodeEntry e : i) if (instructionById.putIfAbsent(e.id(), e) == null) instructions.add(e);
    }
}
