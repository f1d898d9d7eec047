package dev.wholetrace.analysis.race;

import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.RuleCursor;
import dev.wholetrace.reader.ThreadTrace;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.format.wtrace.ThreadChunk;
import java.util.Arrays;

/**
 * The heap accesses of each synchronization segment of one thread, read from the compressed trace:
 * how often each load/store instruction runs in the segment comes from the control WPP, and which
 * addresses it touches from the instruction's Diff∘RLE∘SEQ stream, one arithmetic progression per
 * run.
 *
 * <p>Nothing is expanded event by event. The walk descends only into rules that contain sync
 * operations; a rule without any contributes its per-instruction counts, computed once per rule
 * however often it repeats. The address streams are read run by run. So the work follows the
 * grammar size, the number of sync operations and the number of runs, not the trace length.
 */
final class SegmentAccesses {
    /** Receives the accesses: {@code count} accesses by {@code instruction} at first, first + stride, … */
    interface Sink {
        void accesses(int thread, long segment, int instruction, boolean write, long first, long stride, long count);
    }

    private SegmentAccesses() {}

    /** Every access of thread {@code t}, segment by segment (segment k lies between its sync operations k-1 and k). */
    static void read(int t, ThreadTrace thread, Sink sink) {
        long[] segment = {0};
        for (ThreadChunk piece : thread.pieces()) new PieceWalk(t, piece, thread.symbols().control, thread.symbols().runs, sink, segment).run();
    }

    /** One chunk's WPP, walked once; {@code segment[0]} carries the segment number across chunks. */
    private static final class PieceWalk {
        private final int thread;
        private final ThreadChunk piece;
        private final Grammar g;
        private final Alphabet symbols;
        private final Alphabet runs;
        private final Sink sink;
        private final long[] segment;
        /** Per control symbol: its address stream's index in the piece, or -1. */
        private final int[] streamOf;
        private final boolean[] hasSync;
        /** Per sync-free rule (on demand): the streams it touches and how often. */
        private final int[][] ruleStreams;
        private final long[][] ruleCounts;
        private final long[] count;
        private final long[] scratch;
        private final int[] scratchStreams;
        private final int[] touched;
        private int touchedSize;
        private final DiffRleDecoder[] decoders;

        PieceWalk(int thread, ThreadChunk piece, Alphabet symbols, Alphabet runs, Sink sink, long[] segment) {
            this.thread = thread;
            this.piece = piece;
            this.g = piece.control();
            this.symbols = symbols;
            this.runs = runs;
            this.sink = sink;
            this.segment = segment;
            int[] streamSymbols = piece.streamSymbols();
            streamOf = new int[symbols.size()];
            Arrays.fill(streamOf, -1);
            for (int k = 0; k < streamSymbols.length; k++) streamOf[streamSymbols[k]] = k;
            int rules = g.ruleCount();
            hasSync = new boolean[rules];
            ruleStreams = new int[rules][];
            ruleCounts = new long[rules][];
            count = new long[streamSymbols.length];
            scratch = new long[streamSymbols.length];
            scratchStreams = new int[streamSymbols.length];
            touched = new int[streamSymbols.length];
            decoders = new DiffRleDecoder[streamSymbols.length];
            g.foldBottomUp(this::summarise);
        }

        private boolean isSync(int symbol) {
            return symbols.first(symbol) == SymbolTag.SYNC;
        }

        void run() {
            if (g.ruleCount() == 0) return;
            int[] rule = new int[64];
            int[] at = new int[64];
            int depth = 0;
            rule[0] = 0;
            at[0] = 0;
            while (depth >= 0) {
                int r = rule[depth];
                if (at[depth] == g.bodyLength(r)) {
                    depth--;
                    continue;
                }
                int s = g.symbol(r, at[depth]++);
                if (Grammar.isRule(s)) {
                    int c = Grammar.ruleOf(s);
                    if (!hasSync[c]) {
                        add(c);
                        continue;
                    }
                    if (++depth == rule.length) {
                        rule = Arrays.copyOf(rule, depth * 2);
                        at = Arrays.copyOf(at, depth * 2);
                    }
                    rule[depth] = c;
                    at[depth] = 0;
                } else if (isSync(s)) {
                    flush();
                    segment[0]++;
                } else if (streamOf[s] >= 0) {
                    touch(streamOf[s], 1);
                }
            }
            flush(); // the segment goes on in the next chunk; this chunk's streams end here
        }

        private void add(int r) {
            int[] ks = ruleStreams[r];
            long[] cs = ruleCounts[r];
            for (int i = 0; i < ks.length; i++) touch(ks[i], cs[i]);
        }

        /**
         * Whether a rule holds a sync operation and, if it does not, the streams it touches and how
         * often, from its children's (one bottom-up fold, so every summary is computed once).
         */
        private void summarise(RuleCursor rule) {
            int r = rule.rule();
            int n = 0;
            for (int i = 0, len = rule.length(); i < len && !hasSync[r]; i++) {
                if (rule.isRule(i)) {
                    int c = rule.child(i);
                    hasSync[r] = hasSync[c];
                    for (int j = 0; !hasSync[r] && j < ruleStreams[c].length; j++) n = scratchAdd(n, ruleStreams[c][j], ruleCounts[c][j]);
                } else {
                    int s = rule.terminal(i);
                    hasSync[r] = isSync(s);
                    if (!hasSync[r] && streamOf[s] >= 0) n = scratchAdd(n, streamOf[s], 1);
                }
            }
            if (hasSync[r]) { // walked by run(), never summed: leave the shared scratch clear
                for (int i = 0; i < n; i++) scratch[scratchStreams[i]] = 0;
                return;
            }
            int[] ks = Arrays.copyOf(scratchStreams, n);
            Arrays.sort(ks);
            long[] cs = new long[n];
            for (int i = 0; i < n; i++) {
                cs[i] = scratch[ks[i]];
                scratch[ks[i]] = 0;
            }
            ruleStreams[r] = ks;
            ruleCounts[r] = cs;
        }

        /** Adds to the shared per-stream scratch, listing each stream the first time; returns how many are listed. */
        private int scratchAdd(int n, int k, long count) {
            if (scratch[k] == 0) scratchStreams[n++] = k;
            scratch[k] += count;
            return n;
        }

        private void touch(int k, long n) {
            if (count[k] == 0) touched[touchedSize++] = k;
            count[k] += n;
        }

        /** Hands the segment's accesses so far to the sink, run by run, and clears the counts. */
        private void flush() {
            for (int i = 0; i < touchedSize; i++) {
                int k = touched[i];
                int symbol = piece.streamSymbols()[k];
                int instruction = (int) symbols.second(symbol);
                boolean write = symbols.first(symbol) == SymbolTag.STORE;
                DiffRleDecoder d = decoders[k];
                if (d == null) d = decoders[k] = new DiffRleDecoder(piece.streams()[k], runs);
                for (long left = count[k]; left > 0; ) {
                    long n = d.nextProgression(left);
                    if (n == 0) throw new IllegalStateException("thread " + thread + ": the address stream of instruction " + instruction + " ends early");
                    sink.accesses(thread, segment[0], instruction, write, d.first(), d.stride(), n);
                    left -= n;
                }
                count[k] = 0;
            }
            touchedSize = 0;
        }
    }
}
