package dev.wholetrace.analysis.race;

import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.RuleCursor;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import java.util.Arrays;
import java.util.Iterator;

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

    /**
     * How many heap accesses each segment of thread {@code t} holds, as running sums ({@code
     * sums[k]}: the accesses of its segments below k; one entry per segment, and one more): the same
     * walk without reading any address (a sync-free rule's counts are summed once), for {@link
     * GlobalCuts}, which weighs where to cut and must know where a thread blocked for long (a main
     * thread in {@code join}) does nothing that could race.
     */
    static long[] accessSums(TraceView trace, int t, long segments) {
        long[] sums = new long[Math.toIntExact(segments + 1)];
        long[] segment = {0};
        for (ThreadGrammar part : trace.grammars(t)) new PartWalk(t, part, null, segment, sums).run(Long.MAX_VALUE);
        for (int k = 0; k < segments; k++) sums[k + 1] += sums[k];
        return sums;
    }

    /**
     * One thread's accesses, segment by segment (segment k lies between its sync operations k-1 and
     * k), read up to a given segment and paused there, so that the
     * detector can read every thread up to a point of the execution, check what it read and drop it
     * before it reads on ({@link GlobalCuts}). The walk's stack and the address decoders are kept
     * between two calls: reading in steps costs what reading at once does.
     */
    static final class Reader {
        private final TraceView trace;
        private final int thread;
        private final Sink sink;
        private final Iterator<ThreadGrammar> parts;
        private final long[] segment = {0};
        private PartWalk walk;

        Reader(TraceView trace, int t, Sink sink) {
            this.trace = trace;
            this.thread = t;
            this.sink = sink;
            this.parts = trace.grammars(t).iterator();
        }

        /** Hands on the accesses of every segment below {@code end} not read yet. */
        void readTo(long end) {
            while (segment[0] < end) {
                if (walk == null) {
                    if (!parts.hasNext()) return;
                    walk = new PartWalk(thread, parts.next(), sink, segment, null);
                }
                if (!walk.run(end)) return;
                walk = null; // the part is done: its decoders and summaries go
            }
        }
    }

    /** One of the thread's WPPs, walked once; {@code segment[0]} carries the segment number from one to the next. */
    private static final class PartWalk {
        private final int thread;
        private final ThreadGrammar part;
        private final Grammar g;
        private final Sink sink;
        private final long[] segment;
        /** Per terminal: its address stream's index in the part, or -1. */
        private final int[] streamOf;
        private final boolean[] isSync;
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
        /** Per address stream: its instruction and whether it stores (asked at every flush of the stream otherwise). */
        private final int[] instructionOf;
        private final boolean[] writes;
        /** Without a sink: each segment's accesses are added here at [segment + 1], and no address is read. */
        private final long[] counted;
        /** The walk's stack, kept between two {@link #run} calls; depth -1: done. */
        private int[] rule = new int[64];
        private int[] at = new int[64];
        private int depth;

        PartWalk(int thread, ThreadGrammar part, Sink sink, long[] segment, long[] counted) {
            this.thread = thread;
            this.counted = counted;
            this.part = part;
            this.g = part.wpp();
            this.sink = sink;
            this.segment = segment;
            int streams = part.addressStreams();
            streamOf = new int[part.terminals()];
            Arrays.fill(streamOf, -1);
            instructionOf = new int[streams];
            writes = new boolean[streams];
            for (int k = 0; k < streams; k++) {
                int symbol = part.addressStreamTerminal(k);
                streamOf[symbol] = k;
                instructionOf[k] = (int) part.value(symbol);
                writes[k] = part.type(symbol) == Event.Type.STORE;
            }
            isSync = new boolean[part.terminals()];
            for (int s = 0; s < isSync.length; s++) isSync[s] = part.type(s) == Event.Type.SYNC;
            int rules = g.ruleCount();
            hasSync = new boolean[rules];
            ruleStreams = new int[rules][];
            ruleCounts = new long[rules][];
            count = new long[streams];
            scratch = new long[streams];
            scratchStreams = new int[streams];
            touched = new int[streams];
            decoders = new DiffRleDecoder[streams];
            g.foldBottomUp(this::summarise);
            depth = rules == 0 ? -1 : 0;
        }

        private boolean isSync(int symbol) {
            return isSync[symbol];
        }

        /**
         * Walks on until segment {@code end} begins (after the sync operation that ends segment end - 1)
         * or the part ends; whether the part ended (its last segment's accesses so far handed on).
         */
        boolean run(long end) {
            if (depth < 0) return true;
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
                    if (++segment[0] >= end) return false;
                } else if (streamOf[s] >= 0) {
                    touch(streamOf[s], 1);
                }
            }
            flush(); // the segment goes on in the next chunk; this chunk's streams end here
            return true;
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
            if (counted != null) { // only how many accesses
                int at = Math.toIntExact(segment[0] + 1);
                for (int i = 0; i < touchedSize; i++) {
                    counted[at] += count[touched[i]];
                    count[touched[i]] = 0;
                }
                touchedSize = 0;
                return;
            }
            for (int i = 0; i < touchedSize; i++) {
                int k = touched[i];
                int instruction = instructionOf[k];
                boolean write = writes[k];
                DiffRleDecoder d = decoders[k];
                if (d == null) d = decoders[k] = part.addressStream(k);
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
