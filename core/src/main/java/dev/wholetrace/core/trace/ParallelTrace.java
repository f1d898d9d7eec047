package dev.wholetrace.core.trace;

import dev.wholetrace.core.event.CodeEntry;
import dev.wholetrace.core.event.CodeMap;
import dev.wholetrace.core.event.ThreadInfo;
import dev.wholetrace.core.event.TraceMode;
import dev.wholetrace.core.io.FormatException;
import dev.wholetrace.core.util.LongMinHeap;
import dev.wholetrace.core.wtrace.Section;
import dev.wholetrace.core.wtrace.SectionType;
import dev.wholetrace.core.wtrace.ThreadChunk;
import dev.wholetrace.core.wtrace.ThreadSymbols;
import dev.wholetrace.core.wtrace.TraceReader;
import dev.wholetrace.core.wtrace.TraceSections;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * A recorded execution read back from a {@code .wtrace} file: metadata, the per-thread traces and
 * the sync order. Loads the complete chunks of the file; a file whose writer did not finish is
 * read up to its last complete chunk ({@link #complete()} tells).
 */
public final class ParallelTrace {
    private final Path file;
    private final TraceMode mode;
    private final boolean complete;
    private final long ignoredBytes;
    private final long fileBytes;
    private final List<List<Section>> chunks;
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final List<ThreadInfo> threads = new ArrayList<>();
    private final List<ThreadTrace> traces = new ArrayList<>();
    private final List<ThreadTrace> dataViews = new ArrayList<>();
    private final CodeMap code = new CodeMap();
    private final SyncOrder syncOrder;

    private ParallelTrace(TraceReader reader, LongConsumer progress) throws IOException {
        this.file = reader.file();
        this.mode = reader.mode();
        this.complete = reader.complete();
        this.ignoredBytes = reader.ignoredBytes();
        this.fileBytes = reader.size();
        this.chunks = reader.chunks();
        if (!complete && chunks.isEmpty()) {
            throw new FormatException(file.getFileName() + " holds no complete chunk: the recording stopped before its first chunk was written");
        }
        List<ThreadSymbols> symbols = new ArrayList<>();
        for (int c = 0; c < chunks.size(); c++) {
            TraceSections.Chunk chunk = TraceSections.read(reader, c);
            properties.putAll(chunk.properties());
            for (ThreadInfo t : chunk.threads()) {
                if (t.index() != threads.size()) throw new FormatException("corrupted THREADS section in chunk " + c + ": thread " + t.index() + " out of order");
                threads.add(t);
                symbols.add(new ThreadSymbols());
                traces.add(new ThreadTrace(t, symbols.get(t.index()), mode != TraceMode.DOR));
                dataViews.add(mode == TraceMode.ALL ? new ThreadTrace(t, symbols.get(t.index()), false) : null);
            }
            for (CodeEntry e : chunk.blocks()) code.addBlock(e);
            for (CodeEntry e : chunk.instructions()) code.addInstruction(e);
            for (ThreadChunk part : chunk.parts(symbols)) {
                traces.get(part.thread()).add(c, part);
                if (dataViews.get(part.thread()) != null) dataViews.get(part.thread()).add(c, part);
            }
            Section end = chunks.get(c).get(chunks.get(c).size() - 1);
            progress.accept(end.offset() + end.fileBytes());
        }
        syncOrder = mergeSyncOrder();
    }

    /** S_synch: the threads' sync operations, each thread's already in ticket order, merged. */
    private SyncOrder mergeSyncOrder() throws FormatException {
        long total = 0;
        for (ThreadTrace t : traces) total += t.syncCount();
        if (total > Integer.MAX_VALUE - 8) throw new FormatException("the trace has more than 2^31 sync operations");
        int n = (int) total;
        long[] ticket = new long[n];
        int[] thread = new int[n];
        long[] op = new long[n];
        long[] value = new long[n];
        long[] object = new long[n];
        long[] aux = new long[n];
        int[] piece = new int[traces.size()];
        long[] next = new long[traces.size()]; // per thread: next op, overall
        LongMinHeap heap = new LongMinHeap();
        for (int t = 0; t < traces.size(); t++) {
            if (traces.get(t).syncCount() > 0) heap.push(t, traces.get(t).ticket(0));
        }
        for (int i = 0; i < n; i++) {
            int t = heap.pop();
            ThreadTrace tt = traces.get(t);
            ThreadChunk p = tt.pieces().get(piece[t]);
            long before = next[t] - tt.syncBeforePiece(piece[t]);
            while (before >= p.syncCount()) { // skip pieces without (further) sync operations
                p = tt.pieces().get(++piece[t]);
                before = next[t] - tt.syncBeforePiece(piece[t]);
            }
            int b = (int) before * ThreadChunk.SYNC_LONGS;
            long[] s = p.sync();
            if (i > 0 && s[b] <= ticket[i - 1]) throw new FormatException("corrupted trace: ticket " + s[b] + " used twice or out of order");
            ticket[i] = s[b];
            thread[i] = t;
            op[i] = next[t]++;
            value[i] = s[b + 1];
            object[i] = s[b + 2];
            aux[i] = s[b + 3];
            if (next[t] < tt.syncCount()) heap.push(t, tt.ticket(next[t]));
        }
        return new SyncOrder(ticket, thread, op, value, object, aux);
    }

    /** Reads the complete chunks of {@code file}. */
    public static ParallelTrace open(Path file) throws IOException {
        return open(file, bytes -> { });
    }

    /** Reads the complete chunks of {@code file}, telling {@code progress} the bytes read after each chunk. */
    public static ParallelTrace open(Path file, LongConsumer progress) throws IOException {
        try (TraceReader reader = TraceReader.open(file)) {
            return new ParallelTrace(reader, progress);
        }
    }

    public Path file() {
        return file;
    }

    public TraceMode mode() {
        return mode;
    }

    /** Whether the writer finished; if not, the trace holds the events of its complete chunks. */
    public boolean complete() {
        return complete;
    }

    /** Bytes of a partial chunk at the end of an unfinished file, not read. */
    public long ignoredBytes() {
        return ignoredBytes;
    }

    public long fileBytes() {
        return fileBytes;
    }

    public int chunkCount() {
        return chunks.size();
    }

    /** The sections of each complete chunk (for sizes). */
    public List<List<Section>> chunks() {
        return chunks;
    }

    public Map<String, String> properties() {
        return Collections.unmodifiableMap(properties);
    }

    public List<ThreadInfo> threads() {
        return Collections.unmodifiableList(threads);
    }

    public CodeMap code() {
        return code;
    }

    /** Thread t's trace, read through its main WPP (the control WPP, or in DOR the data WPP). */
    public ThreadTrace thread(int t) {
        if (t < 0 || t >= traces.size()) throw new IndexOutOfBoundsException("no thread " + t + " (the trace has " + traces.size() + ")");
        return traces.get(t);
    }

    /** In ALL mode, thread t read through its data WPP (the DOR view); otherwise null. */
    public ThreadTrace dataView(int t) {
        thread(t);
        return dataViews.get(t);
    }

    public SyncOrder syncOrder() {
        return syncOrder;
    }

    public long eventCount() {
        long n = 0;
        for (ThreadTrace t : traces) n += t.eventCount();
        return n;
    }
}
