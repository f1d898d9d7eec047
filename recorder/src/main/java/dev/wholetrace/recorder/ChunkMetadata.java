package dev.wholetrace.recorder;

import dev.wholetrace.format.wtrace.ChunkContent;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.ThreadInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The recording's metadata (threads, properties, code map) and how much of it the file already
 * holds, so that each chunk carries only what is new since the previous one.
 *
 * <p>Thread-safe: program threads register threads, properties and code entries while the
 * writer thread takes what is new for the next chunk.
 */
final class ChunkMetadata {
    private final CodeMap code = new CodeMap();
    // Guarded by `this`.
    private final List<ThreadInfo> threads = new ArrayList<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    private int threadsWritten;
    private boolean propertiesDirty;
    // Touched by the writer thread only.
    private int blocksWritten;
    private int instructionsWritten;

    ChunkMetadata(Map<String, String> properties) {
        this.properties.putAll(properties);
        propertiesDirty = true;
    }

    /** Registers a thread; returns its index in the trace. */
    synchronized int addThread(String name, long object, boolean virtual) {
        int index = threads.size();
        threads.add(new ThreadInfo(index, name, object, virtual));
        return index;
    }

    synchronized void property(String key, String value) {
        properties.put(key, value);
        propertiesDirty = true;
    }

    void defineBlock(CodeEntry e) {
        code.addBlock(e);
    }

    void defineInstruction(CodeEntry e) {
        code.addInstruction(e);
    }

    /** The next chunk: what is new of the metadata, and the threads' chunks (sorted by thread). Writer thread only. */
    ChunkContent next(List<ThreadChunk> threadChunks) {
        ChunkContent content;
        synchronized (this) {
            content = new ChunkContent(propertiesDirty ? Map.copyOf(properties) : Map.of(),
                    List.copyOf(threads.subList(threadsWritten, threads.size())),
                    code.blocksFrom(blocksWritten), code.instructionsFrom(instructionsWritten), threadChunks);
            threadsWritten = threads.size();
            propertiesDirty = false;
        }
        blocksWritten += content.blocks().size();
        instructionsWritten += content.instructions().size();
        return content;
    }
}
