package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.ThreadInfo;
import java.util.List;
import java.util.Map;

/**
 * Everything one chunk adds to a trace: metadata that is new since the previous chunk, every
 * thread's chunk of the events (sorted by thread), and the clock samples taken since the previous
 * chunk ({@code clock}: ticket, nanoseconds, ticket, ... in order; see {@code TraceClock}).
 */
public record ChunkContent(Map<String, String> properties, List<ThreadInfo> threads, List<CodeEntry> blocks,
                           List<CodeEntry> instructions, List<ThreadChunk> threadChunks, long[] clock) {
    /**
     * The property a recorder sets when recording stopped before the program ended (the agent's internal
     * error): its value says why. Events after that moment are missing, although the file is complete.
     */
    public static final String STOPPED_PROPERTY = "agent.stopped";

    public ChunkContent {
        if (clock.length % 2 != 0) throw new IllegalArgumentException("clock samples come in (ticket, nanoseconds) pairs");
    }

    /** A chunk without clock samples. */
    public ChunkContent(Map<String, String> properties, List<ThreadInfo> threads, List<CodeEntry> blocks,
                        List<CodeEntry> instructions, List<ThreadChunk> threadChunks) {
        this(properties, threads, blocks, instructions, threadChunks, new long[0]);
    }

    /** The same chunk with {@code samples} as its clock. */
    public ChunkContent withClock(long[] samples) {
        return new ChunkContent(properties, threads, blocks, instructions, threadChunks, samples);
    }

    /** Whether the chunk adds nothing but (perhaps) clock samples: such a chunk is not written. */
    public boolean isEmpty() {
        return properties.isEmpty() && threads.isEmpty() && blocks.isEmpty() && instructions.isEmpty() && threadChunks.isEmpty();
    }
}
