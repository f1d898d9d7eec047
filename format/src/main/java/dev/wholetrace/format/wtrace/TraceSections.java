package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.VarIntReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/** Decodes the sections of one complete chunk (see {@link TraceReader} for finding them). */
public final class TraceSections {
    private TraceSections() {}

    /** A chunk's metadata, decoded; its thread parts are decoded by {@link #parts}. */
    public static final class Chunk {
        private final TraceReader reader;
        private final int index;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private final List<ThreadInfo> threads = new ArrayList<>();
        private final List<CodeEntry> blocks = new ArrayList<>();
        private final List<CodeEntry> instructions = new ArrayList<>();
        private final Map<Integer, Map<SectionType, Section>> perThread = new LinkedHashMap<>();
        private Section syncOrder;
        private Map<Integer, long[]> sync;

        private Chunk(TraceReader reader, int index) {
            this.reader = reader;
            this.index = index;
        }

        public Map<String, String> properties() {
            return properties;
        }

        public List<ThreadInfo> threads() {
            return threads;
        }

        public List<CodeEntry> blocks() {
            return blocks;
        }

        public List<CodeEntry> instructions() {
            return instructions;
        }

        /**
         * Each thread's sync operations in this chunk (four longs each, see ThreadChunk#sync), from
         * the SYNC_ORDER section; {@code threadCount} threads are defined so far.
         */
        public Map<Integer, long[]> sync(int threadCount) throws IOException {
            if (sync == null) {
                sync = syncOrder == null ? Map.of() : ChunkCodec.syncOrder(in(syncOrder), threadCount);
                for (int t : sync.keySet()) {
                    if (!perThread.containsKey(t)) throw new FormatException("corrupted chunk " + index + ": thread " + t + " has sync operations but no events");
                }
            }
            return sync;
        }

        /**
         * Decodes the parts of the threads {@code load} accepts, adding new symbols to
         * {@code symbols} (indexed by thread, covering every thread defined so far). The other
         * threads' sections are only CRC-checked.
         */
        public List<ThreadChunk> parts(List<ThreadSymbols> symbols, IntPredicate load) throws IOException {
            Map<Integer, long[]> sync = sync(symbols.size());
            List<ThreadChunk> out = new ArrayList<>();
            for (Map.Entry<Integer, Map<SectionType, Section>> e : perThread.entrySet()) {
                int t = e.getKey();
                if (t >= symbols.size()) throw new FormatException("corrupted chunk " + index + ": events of undeclared thread " + t);
                Map<SectionType, Section> s = e.getValue();
                if (!load.test(t)) { // not decoded, but damage is still reported
                    for (Section skipped : s.values()) reader.verify(skipped);
                    continue;
                }
                Section sym = s.get(SectionType.SYMBOLS);
                if (sym == null) throw new FormatException("corrupted chunk " + index + ": thread " + t + " lacks its SYMBOLS section");
                boolean control = reader.mode().control;
                boolean data = reader.mode().dataWpp;
                if (control != s.containsKey(SectionType.CONTROL) || data != s.containsKey(SectionType.DATA)) {
                    throw new FormatException("corrupted chunk " + index + ": thread " + t + " lacks a WPP its mode (" + reader.mode().label() + ") requires");
                }
                out.add(ChunkCodec.thread(t, in(sym), inOrNull(s.get(SectionType.CONTROL)), inOrNull(s.get(SectionType.DATA)),
                        inOrNull(s.get(SectionType.STREAMS)), inOrNull(s.get(SectionType.SYNC_COUNTS)),
                        sync.getOrDefault(t, new long[0]), symbols.get(t)));
            }
            return out;
        }

        private VarIntReader in(Section s) throws IOException {
            return new VarIntReader(reader.payload(s), reader.file().getFileName() + ": " + s.describe());
        }

        private VarIntReader inOrNull(Section s) throws IOException {
            return s == null ? null : in(s);
        }
    }

    /** Reads chunk {@code c}'s metadata sections and indexes its per-thread ones. */
    public static Chunk read(TraceReader reader, int c) throws IOException {
        Chunk chunk = new Chunk(reader, c);
        for (Section s : reader.chunks().get(c)) {
            switch (s.type()) {
                case PROPERTIES -> chunk.properties.putAll(ChunkCodec.properties(chunk.in(s)));
                case THREADS -> chunk.threads.addAll(ChunkCodec.threads(chunk.in(s)));
                case CODE -> ChunkCodec.code(chunk.in(s), chunk.blocks, chunk.instructions);
                case SYNC_ORDER -> chunk.syncOrder = s;
                case CHUNK_END -> chunk.in(s); // CRC-checked; its table of contents repeats the scan
                case END -> { }
                default -> {
                    Section prev = chunk.perThread.computeIfAbsent(s.thread(), k -> new HashMap<>()).put(s.type(), s);
                    if (prev != null) throw new FormatException("corrupted chunk " + c + ": two " + s.type() + " sections for thread " + s.thread());
                }
            }
        }
        return chunk;
    }
}
