package dev.wholetrace.reader;

import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.util.Alphabet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** {@link TraceView} over a loaded {@link ParallelTrace}: each thread's chunks become its grammars. */
final class ParallelTraceView implements TraceView {
    private final ParallelTrace trace;
    private final List<Section> sections;

    ParallelTraceView(ParallelTrace trace) {
        this.trace = trace;
        List<Section> all = new ArrayList<>();
        for (List<Section> chunk : trace.chunks()) all.addAll(chunk);
        this.sections = Collections.unmodifiableList(all);
    }

    @Override
    public Path file() {
        return trace.file();
    }

    @Override
    public TraceMode mode() {
        return trace.mode();
    }

    @Override
    public boolean complete() {
        return trace.complete();
    }

    @Override
    public long ignoredBytes() {
        return trace.ignoredBytes();
    }

    @Override
    public long fileBytes() {
        return trace.fileBytes();
    }

    @Override
    public int chunkCount() {
        return trace.chunkCount();
    }

    @Override
    public List<Section> sections() {
        return sections;
    }

    @Override
    public Map<String, String> properties() {
        return trace.properties();
    }

    @Override
    public CodeMap code() {
        return trace.code();
    }

    @Override
    public SyncOrder syncOrder() {
        return trace.syncOrder();
    }

    @Override
    public List<ThreadInfo> threads() {
        return trace.threads();
    }

    @Override
    public long eventCount() {
        return trace.eventCount();
    }

    @Override
    public long eventCount(int thread) {
        return trace.thread(thread).eventCount();
    }

    @Override
    public long syncCount(int thread) {
        return trace.syncCount(thread);
    }

    @Override
    public Iterator<Event> events(int thread) {
        return trace.thread(thread).events();
    }

    @Override
    public Iterator<Event> events(int thread, long from, long to) {
        return trace.thread(thread).events(from, to);
    }

    @Override
    public long syncPosition(int thread, long m) {
        return trace.thread(thread).syncPosition(m);
    }

    @Override
    public EventCounts eventCounts(int thread) {
        return EventCounts.of(trace.thread(thread));
    }

    @Override
    public List<ThreadGrammar> grammars(int thread) {
        ThreadTrace t = trace.thread(thread);
        List<ThreadGrammar> out = new ArrayList<>(t.pieces().size());
        for (int p = 0; p < t.pieces().size(); p++) out.add(new ChunkGrammar(t.pieces().get(p), t.wpp(p), t.viewSymbols(), t.symbols().runs));
        return out;
    }

    /** One chunk's part of a thread, read through the view's WPP. */
    private record ChunkGrammar(ThreadChunk piece, Grammar wpp, Alphabet symbols, Alphabet runs) implements ThreadGrammar {
        @Override
        public int terminals() {
            return symbols.size();
        }

        @Override
        public Event.Type type(int terminal) {
            return switch ((int) symbols.first(terminal)) {
                case SymbolTag.BLOCK -> Event.Type.BLOCK;
                case SymbolTag.SYNC -> Event.Type.SYNC;
                case SymbolTag.LOAD -> Event.Type.LOAD;
                case SymbolTag.STORE -> Event.Type.STORE;
                default -> throw new IllegalStateException("symbol " + terminal + " has an unknown tag");
            };
        }

        @Override
        public long value(int terminal) {
            return symbols.second(terminal);
        }

        @Override
        public long eventCount() {
            return wpp.length();
        }

        @Override
        public long syncCount() {
            return piece.syncCount();
        }

        @Override
        public int addressStreams() {
            return wpp == piece.control() && piece.streamSymbols() != null ? piece.streamSymbols().length : 0;
        }

        @Override
        public int addressStreamTerminal(int k) {
            return piece.streamSymbols()[k];
        }

        @Override
        public DiffRleDecoder addressStream(int k) {
            return new DiffRleDecoder(piece.streams()[k], runs);
        }
    }
}
