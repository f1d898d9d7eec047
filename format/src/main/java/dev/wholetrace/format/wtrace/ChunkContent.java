package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.ThreadInfo;
import java.util.List;
import java.util.Map;

/**
 * Everything one chunk adds to a trace: metadata that is new since the previous chunk and every
 * thread's chunk of the events (sorted by thread).
 */
public record ChunkContent(Map<String, String> properties, List<ThreadInfo> threads, List<CodeEntry> blocks,
                           List<CodeEntry> instructions, List<ThreadChunk> threadChunks) {

    public boolean isEmpty() {
        return properties.isEmpty() && threads.isEmpty() && blocks.isEmpty() && instructions.isEmpty() && threadChunks.isEmpty();
    }
}
