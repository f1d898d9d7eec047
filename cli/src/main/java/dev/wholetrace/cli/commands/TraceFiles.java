package dev.wholetrace.cli.commands;

import dev.wholetrace.cli.term.Progress;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.util.Text;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.ThreadTrace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntPredicate;
import java.util.function.LongConsumer;

/**
 * Opening a {@code .wtrace} for the trace commands (stats, dump, segment), and checking thread and
 * sync-operation numbers against it. Bad numbers are IllegalArgumentExceptions with a message that
 * names the valid range, which Main reports as one line with exit code 2.
 */
final class TraceFiles {
    private TraceFiles() {}

    /** Reads the complete chunks of {@code file}; warns on {@code err} if the recording did not finish. */
    static ParallelTrace open(Path file, PrintWriter err) throws IOException {
        return open(file, t -> true, err);
    }

    /**
     * {@link #open} and the code map decoded before the command writes anything: a code map damaged
     * behind its CRC is then the same one-line error for every command that uses this (stats,
     * export), not an output cut short or, where the command does not name code, no error at all.
     * Decoded whole: a version-16 map's pieces are otherwise decompressed only when an id they
     * hold is asked for (docs/trace-format.md, "Code pieces").
     */
    static ParallelTrace openWithCode(Path file, PrintWriter err) throws IOException {
        ParallelTrace trace = open(file, err);
        trace.code().instructionCount();
        return trace;
    }

    /**
     * Reads the metadata and sync order of {@code file} and the WPPs of the threads {@code load}
     * accepts (a command about one thread need not decode the others); warns like {@link #open}.
     */
    static ParallelTrace open(Path file, IntPredicate load, PrintWriter err) throws IOException {
        return read(file, progress -> ParallelTrace.open(file, load, progress), err);
    }

    /**
     * Reads {@code file} with an eWPP's thread chunks only CRC-checked, each decoded when first read
     * ({@link ParallelTrace#openLazily}: {@code deps}); warns like {@link #open}.
     */
    static ParallelTrace openLazily(Path file, PrintWriter err) throws IOException {
        return read(file, progress -> ParallelTrace.openLazily(file, progress), err);
    }

    /** How a trace is read, told the bytes read as it goes. */
    private interface Opener {
        ParallelTrace open(LongConsumer progress) throws IOException;
    }

    private static ParallelTrace read(Path file, Opener opener, PrintWriter err) throws IOException {
        ParallelTrace trace;
        long size = Files.isRegularFile(file) ? Files.size(file) : 0;
        try (Progress progress = new Progress(err, "reading " + file.getFileName(), size)) {
            trace = opener.open(progress);
        }
        if (!trace.complete()) warnIncomplete(file, "using", trace.chunkCount(), " (" + trace.ignoredBytes() + " trailing bytes ignored)", err);
        warnStoppedEarly(file, trace, err);
        return trace;
    }

    /** The warning for a trace whose agent stopped recording before the program ended: what follows is missing. */
    static void warnStoppedEarly(Path file, ParallelTrace trace, PrintWriter err) {
        String why = trace.stoppedEarly();
        if (why == null) return;
        err.printf("wholetrace: warning: %s: the agent stopped recording before the program ended (%s); later events are missing%n",
                file, dev.wholetrace.model.util.Text.oneLine(why));
        err.flush();
    }

    /** The one warning every command gives for a trace whose recording did not finish: what it {@code did} with how many chunks. */
    static void warnIncomplete(Path file, String did, int chunks, String detail, PrintWriter err) {
        err.printf("wholetrace: warning: %s is incomplete (the recording did not finish); %s its %s%s%n", file, did,
                chunks == 1 ? "1 complete chunk" : chunks + " complete chunks", detail);
        err.flush();
    }

    /**
     * Which WPP a thread is read through; {@code blocks} is the main WPP with only its basic
     * blocks printed (playback of the control flow: the same lines for a COR and a STRATA
     * recording of one deterministic run).
     */
    enum View { main, dor, blocks }

    /** Thread {@code t} read through {@code view}, or an error. */
    static ThreadTrace thread(ParallelTrace trace, int t, View view) {
        ThreadTrace main = thread(trace, t);
        if (view == View.main) return main;
        if (view == View.blocks) {
            if (!trace.mode().control) {
                throw new IllegalArgumentException("--view blocks needs a trace with control flow (cor, cdr, all or strata); "
                        + trace.file().getFileName() + " is " + trace.mode().label());
            }
            return main;
        }
        ThreadTrace dor = trace.dataView(t);
        if (dor == null) {
            throw new IllegalArgumentException("--view dor needs a trace recorded in mode all; " + trace.file().getFileName()
                    + " is " + trace.mode().label() + (trace.mode() == TraceMode.DOR ? " (its main view is already DOR)" : ""));
        }
        return dor;
    }

    /** Thread {@code t}, or an error naming the threads the trace has. */
    static ThreadTrace thread(ParallelTrace trace, int t) {
        int n = trace.threads().size();
        if (t < 0 || t >= n) {
            throw new IllegalArgumentException("no thread " + t + ": " + trace.file().getFileName() + " has "
                    + (n == 0 ? "no threads" : n == 1 ? "1 thread (0)" : n + " threads (0.." + (n - 1) + ")"));
        }
        return trace.thread(t);
    }

    /** Checks that m..n is a range of thread {@code t}'s sync operations (both included). */
    static void checkOps(ThreadTrace t, long m, long n) {
        long count = t.syncCount();
        String who = describe(t);
        if (count == 0) throw new IllegalArgumentException(who + " has no sync operations");
        String range = who + " has " + count + " sync operations (0.." + (count - 1) + ")";
        if (m < 0 || m >= count) throw new IllegalArgumentException("sync operation " + m + " does not exist: " + range);
        if (n < 0 || n >= count) throw new IllegalArgumentException("sync operation " + n + " does not exist: " + range);
        if (m > n) throw new IllegalArgumentException("the segment's first sync operation (" + m + ") comes after its last (" + n + ")");
    }

    /** A string from the file made safe for one line of text output ({@link Text#oneLine}). */
    static String oneLine(String s) {
        return Text.oneLine(s);
    }

    /** "thread 1 (worker)", for messages and headers. */
    static String describe(ThreadTrace t) {
        return "thread " + t.info().index() + " (" + oneLine(t.info().label()) + ")";
    }

    /** Checks that m..n is a range of S_synch entries (both included). */
    static void checkEntries(SyncOrder order, long m, long n) {
        int size = order.size();
        if (size == 0) throw new IllegalArgumentException("the trace has no sync operations");
        String range = "S_synch has " + size + " entries (0.." + (size - 1) + ")";
        if (m < 0 || m >= size) throw new IllegalArgumentException("S_synch entry " + m + " does not exist: " + range);
        if (n < 0 || n >= size) throw new IllegalArgumentException("S_synch entry " + n + " does not exist: " + range);
        if (m > n) throw new IllegalArgumentException("--sync-from " + m + " comes after --sync-to " + n);
    }
}
