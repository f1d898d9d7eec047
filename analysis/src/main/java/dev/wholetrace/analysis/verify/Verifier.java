package dev.wholetrace.analysis.verify;

import dev.wholetrace.analysis.strata.StoredStrata;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarFile;
import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.importers.CompressedTrace;
import dev.wholetrace.importers.CompressedTraceReader;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.Piece;
import dev.wholetrace.reader.ThreadTrace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;

/**
 * The full check behind {@code wholetrace verify}: what every command checks when it opens a file
 * (docs/trace-format.md, "Reading rules"), then everything no command needs at once: every thread's
 * events expanded through each of its views (so every grammar is walked to its end and every
 * address stream decoded run by run) and counted against what the file declares. A grammar file is
 * decoded and expanded in full, its length checked against its record count.
 */
public final class Verifier {
    private Verifier() {}

    /** Verifies a {@code .wtrace} or {@code .wgr} file, told apart by their magic. */
    public static Verification verify(Path file) throws IOException {
        if (Files.isDirectory(file)) throw new FormatException(file + " is a directory, not a trace or grammar file");
        byte[] magic = new byte[4];
        try (InputStream in = Files.newInputStream(file)) {
            int n = in.readNBytes(magic, 0, 4);
            magic = Arrays.copyOf(magic, n);
        } catch (NoSuchFileException e) {
            throw new FormatException(file + ": no such file");
        }
        if (Arrays.equals(magic, GrammarFile.MAGIC)) return grammar(file);
        if (Arrays.equals(magic, TraceFormat.MAGIC)) return trace(file);
        return Verification.invalid(file.toString(), "unknown", file.getFileName() + " is neither a Wholetrace trace nor a grammar file (bad magic)");
    }

    /** Verifies a trace; a damaged one gives an invalid {@link Verification}, not an exception. */
    public static Verification trace(Path file) throws IOException {
        try {
            ParallelTrace trace = ParallelTrace.open(file);
            trace.checkedCode(); // commands decode the code map when they ask for it: verify always does
            StoredStrata.read(trace); // the trailer's stored outputs, if any: CRC checked and decoded
            for (int t = 0; t < trace.threads().size(); t++) {
                expand(trace.thread(t), "thread " + t);
                checkGrammars(trace.thread(t), "thread " + t);
                ThreadTrace dor = trace.dataView(t);
                if (dor != null) expand(dor, "thread " + t + " (data WPP)");
            }
            return new Verification(file.toString(), "trace", null, trace.version(), trace.mode().label(), trace.complete(),
                    trace.chunkCount(), trace.threads().size(), trace.eventCount(), trace.syncOrder().size());
        } catch (FormatException e) {
            return Verification.invalid(file.toString(), "trace", e.getMessage());
        }
    }

    /** Verifies a grammar file: every chunk decoded and expanded, one chunk in memory at a time. */
    public static Verification grammar(Path file) throws IOException {
        try (CompressedTraceReader in = CompressedTraceReader.open(file)) {
            CompressedTrace t;
            while ((t = in.next()) != null) {
                Counting out = new Counting();
                t.expandTo(out);
                if (out.bytes != t.expandedBytes()) {
                    throw new FormatException("corrupted " + file.getFileName() + (in.version() > 1 ? " chunk " + (in.chunks() - 1) : "")
                            + ": it expands to " + out.bytes + " bytes, its header promises " + t.expandedBytes());
                }
            }
            return new Verification(file.toString(), "grammar", null, in.version(), in.format().toString().toLowerCase(java.util.Locale.ROOT),
                    true, (int) Math.min(in.chunks(), Integer.MAX_VALUE), 0, in.records(), 0);
        } catch (FormatException e) {
            return Verification.invalid(file.toString(), "grammar", e.getMessage());
        }
    }

    /** Walks every event of a thread's view and checks their number. */
    private static void expand(ThreadTrace thread, String what) throws FormatException {
        long n = 0;
        try {
            for (Iterator<Event> it = thread.events(); it.hasNext(); it.next()) n++;
        } catch (IllegalStateException | IndexOutOfBoundsException | ArithmeticException e) {
            throw new FormatException("corrupted trace: " + what + " cannot be expanded after event " + n + " (" + e.getMessage() + ")");
        }
        if (n != thread.eventCount()) throw new FormatException("corrupted trace: " + what + " expands to " + n + " events, not " + thread.eventCount());
        syncOperations(thread, what);
    }

    /**
     * Decodes each piece's eWPP check grammar, which the reader defers from format 14 on (a full
     * dependence count reads the counts stored beside it, not the grammar): verify decodes it and
     * so checks it against those counts ({@code format/wtrace/DeferredGrammar}).
     */
    private static void checkGrammars(ThreadTrace thread, String what) throws FormatException {
        for (int p = 0; p < thread.pieceCount(); p++) {
            try {
                thread.piece(p).chunk().grammar(StreamKinds.CHECKS);
            } catch (IllegalArgumentException e) {
                throw new FormatException("corrupted trace: " + what + ", chunk " + thread.chunkOf(p) + ": " + e.getMessage());
            }
        }
    }

    /**
     * The exact form of the check every reader makes by hash: each piece's WPP, expanded, has as
     * its sync operations the piece's operations of S_synch, kind and site, one by one.
     */
    private static void syncOperations(ThreadTrace thread, String what) throws FormatException {
        int[] buf = new int[4096];
        for (int p = 0; p < thread.pieceCount(); p++) {
            java.util.PrimitiveIterator.OfLong sync = thread.syncValues(p);
            long inPiece = thread.syncCountOf(p);
            Piece piece = thread.piece(p);
            Alphabet symbols = piece.symbols().of(thread.view());
            GrammarExpander ex = piece.chunk().grammar(thread.view()).expander();
            int m = 0;
            long position = 0;
            for (int n; (n = ex.read(buf, 0, buf.length)) > 0; position += n) {
                for (int i = 0; i < n; i++) {
                    int s = buf[i];
                    if (symbols.first(s) != SymbolTag.SYNC) continue;
                    long expected = sync.hasNext() ? sync.nextLong() : Long.MIN_VALUE; // syncValues stops at the piece's count
                    if (symbols.second(s) != expected) {
                        throw new FormatException("corrupted trace: " + what + ", chunk " + thread.chunkOf(p) + ": sync operation " + m
                                + " of the chunk (event " + (position + i) + " of its WPP) is not the chunk's operation " + m + " in the sync order");
                    }
                    m++;
                }
            }
            if (m != inPiece) {
                throw new FormatException("corrupted trace: " + what + ", chunk " + thread.chunkOf(p) + ": its WPP holds " + m
                        + " sync operations, the sync order " + inPiece);
            }
        }
    }

    /** An output stream that counts. */
    private static final class Counting extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
