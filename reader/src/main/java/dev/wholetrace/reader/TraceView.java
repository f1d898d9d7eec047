package dev.wholetrace.reader;

import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.model.event.TraceClock;
import dev.wholetrace.model.event.TraceMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A recorded execution as analyses see it: threads, their events and segments, folds over their
 * grammars, the sync order, the code map and the trace's metadata. How the file cuts the execution
 * into chunks stays behind this interface, so that an analysis is written once against it.
 *
 * <p>Contract: threads are numbered 0..{@link #threadCount()}-1 in the order of {@link #threads()};
 * each thread's events and its sync operations are numbered from 0; segment k of a thread is what it
 * did between its sync operations k-1 and k (segment 0 before the first, the last after the last), so
 * a thread has {@link #syncCount(int)} + 1 segments. Entry i of {@link #syncOrder()} is sync
 * operation {@code op(i)} of thread {@code thread(i)}. Events are read through each thread's main
 * WPP: the control WPP, or the data WPP in DOR mode. Iterators expand only what they return.
 * Implementations are read-only and safe to read from several threads. {@link ParallelTrace}, the
 * loaded file, is the implementation.
 */
public interface TraceView {
    /** Reads the complete chunks of {@code file} ({@link ParallelTrace} is the view of a loaded trace). */
    static TraceView open(Path file) throws IOException {
        return ParallelTrace.open(file);
    }

    // ---- metadata -------------------------------------------------------------------------------

    Path file();

    TraceMode mode();

    /** Whether the recording finished; if not, the view holds what was complete when it stopped. */
    boolean complete();

    /** Bytes of an unfinished recording's partial tail, not read. */
    long ignoredBytes();

    long fileBytes();

    /** How many chunks the writer flushed (a figure for reports; the view itself is seamless). */
    int chunkCount();

    /** The file's sections that were read, in file order: what each part of the trace costs. */
    List<Section> sections();

    /** The trailer sections of a complete file (after its chunks: stored analyses, docs/trace-format.md); empty by default. */
    default List<Section> trailer() {
        return List.of();
    }

    /** What the recorder wrote about the run: program, class path, options. */
    Map<String, String> properties();

    /** The program's blocks and load/store instructions, by id. */
    CodeMap code();

    /** S_synch: every sync operation of every thread in one total order. */
    SyncOrder syncOrder();

    /**
     * When the sync operations happened, coarsely (by ticket, {@link SyncOrder#ticket}); {@link
     * TraceClock#NONE} for traces recorded before format version 5 or by importers.
     */
    default TraceClock clock() {
        return TraceClock.NONE;
    }

    // ---- threads --------------------------------------------------------------------------------

    List<ThreadInfo> threads();

    default int threadCount() {
        return threads().size();
    }

    /** Events of every thread. */
    long eventCount();

    long eventCount(int thread);

    long syncCount(int thread);

    default long segmentCount(int thread) {
        return syncCount(thread) + 1;
    }

    /** Every event of the thread, in program order. */
    Iterator<Event> events(int thread);

    /** The thread's events at positions {@code from} through {@code to} (both included, clipped to its length). */
    Iterator<Event> events(int thread, long from, long to);

    /** Position of the thread's m-th sync operation among its events. */
    long syncPosition(int thread, long m);

    /** The events of segment {@code k} of the thread (its sync operations k-1 and k excluded). */
    default Iterator<Event> segment(int thread, long k) {
        if (k < 0 || k >= segmentCount(thread)) {
            throw new IndexOutOfBoundsException("segment " + k + " outside the thread's " + segmentCount(thread) + " segments");
        }
        long from = k == 0 ? 0 : syncPosition(thread, k - 1) + 1;
        long to = k == syncCount(thread) ? eventCount(thread) - 1 : syncPosition(thread, k) - 1;
        return from > to ? Collections.emptyIterator() : events(thread, from, to);
    }

    /** The thread's events by kind, counted on its grammars without expanding them. */
    EventCounts eventCounts(int thread);

    /**
     * The thread's grammars in order: its events are the concatenation of their expansions. For
     * folds that work on the compressed form (per-rule summaries, address streams read run by run).
     */
    List<ThreadGrammar> grammars(int thread);
}
