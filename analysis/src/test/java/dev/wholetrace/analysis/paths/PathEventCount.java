package dev.wholetrace.analysis.paths;

import dev.wholetrace.analysis.dataflow.ProgramBytecode;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * A measuring harness, not a test: replays every thread's recorded events and counts how many
 * would remain if the probes recorded one event per acyclic intraprocedural path instead of one
 * per block (docs/results/overhead-profile.md, "Session 40"). Each thread's blocks are matched to
 * method activations (a block at bci 0 of another method, or of the same method right after a
 * block that calls, is an entry; a block that returns ends its activation; a block of a method
 * further down the stack is a return to it after an exception unwound the frames above).
 * Options, each order-preserving (every other event keeps its place among the path events):
 * <ul>
 *   <li>(a) a path ends at a back edge (a jump within the activation to a bci not after the last
 *       block's), an entry, an exit, an exception edge (a handler block, an unwinding), every call
 *       instruction executed, and every sync operation;</li>
 *   <li>(b) as (a), but a call ends the path only when the callee's events come between
 *       (dynamic: the callee's entry probe would flush the caller's open path), and, statically,
 *       only at calls whose owner class has blocks in the code map;</li>
 *   <li>(c) session 33's rule: one event per block but those whose every predecessor falls or
 *       jumps only to them and cannot throw.</li>
 * </ul>
 * For (a) and (b) it also counts the paths that repeat their activation's previous path with no
 * other event between, which a run-length at the probe would fold into a count. Sync operations
 * (and loads/stores) stay events in every option. Run with the analysis test
 * class path: {@code java -cp ... dev.wholetrace.analysis.paths.PathEventCount TRACE [NAME]};
 * prints a markdown table header and one row.
 */
public final class PathEventCount {
    private PathEventCount() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String name = args.length > 1 ? args[1] : file.getFileName().toString();
        System.out.println(Counts.HEADER);
        System.out.println(count(ParallelTrace.open(file)).row(name));
    }

    /** Replays every thread of {@code trace}, its class files found on its recorded class path. */
    static Counts count(ParallelTrace trace) {
        BlockShapes shapes;
        try (ProgramBytecode bytecode = ProgramBytecode.of(trace.properties(), List.of())) {
            shapes = BlockShapes.of(trace.code(), bytecode);
        }
        Counts c = new Counts(shapes.methods);
        for (int t = 0; t < trace.threadCount(); t++) new ThreadReplay(shapes, c).run(trace.events(t));
        return c;
    }

    /** The counts over all threads. */
    static final class Counts {
        static final String HEADER = "| trace | events | blocks | (a) | (a)+RL | (b) dynamic | (b)+RL | (b) static | (c) implied "
                + "| blocks per (a) path | distinct (a) paths | per method | details |";
        long events, blocks, others, specialBlocks, unknownBlocks;
        long pathsA, repeatsA, pathsBDynamic, repeatsB, pathsBStatic, impliedC;
        long callsExecuted, callsWithEvents, staticMisses, backEdges, entries, exceptionEdges;
        final LongSet distinctA = new LongSet();
        final boolean[] methodSeen;

        Counts(int methods) {
            methodSeen = new boolean[methods];
        }

        String row(String name) {
            int methods = 0;
            for (boolean b : methodSeen) if (b) methods++;
            long a = pathsA + others + specialBlocks;
            long bd = pathsBDynamic + others + specialBlocks;
            long bs = pathsBStatic + others + specialBlocks;
            long cc = events - impliedC;
            long ar = a - repeatsA;
            long br = bd - repeatsB;
            return String.format(
                    "| %s | %,d | %,d | %,d (%.3f) | %,d (%.3f) | %,d (%.3f) | %,d (%.3f) | %,d (%.3f) | %,d (%.3f) | %.2f | %,d | %.1f | calls %,d (with callee events %,d, of them at calls to classes without blocks %,d), back edges %,d, entries %,d, exception edges %,d, other events %,d, agent blocks %,d, unknown %,d |",
                    name, events, blocks, a, (double) a / events, ar, (double) ar / events, bd, (double) bd / events, br, (double) br / events, bs, (double) bs / events, cc, (double) cc / events,
                    (double) (blocks - specialBlocks) / Math.max(1, pathsA), distinctA.size(), (double) distinctA.size() / Math.max(1, methods),
                    callsExecuted, callsWithEvents, staticMisses, backEdges, entries, exceptionEdges, others, specialBlocks, unknownBlocks);
        }
    }

    /** One thread's activation stack and open paths. */
    private static final class ThreadReplay {
        private final BlockShapes s;
        private final Counts c;
        private int depth;
        private int[] method = new int[64];
        private int[] last = new int[64];
        private long[] hash = new long[64];
        private long[] previous = new long[64];
        /** (b)'s open path and the previous one, by activation: its paths are cut less often than (a)'s. */
        private long[] hashB = new long[64];
        private long[] previousB = new long[64];
        private static final long SEED = 0x9E3779B97F4A7C15L;
        /** An open (b) path that starts where a callee returned, before the caller's next block. */
        private static final long RESUMED = 0x2545F4914F6CDD1DL;

        ThreadReplay(BlockShapes s, Counts c) {
            this.s = s;
            this.c = c;
        }

        void run(Iterator<Event> events) {
            while (events.hasNext()) {
                Event e = events.next();
                c.events++;
                if (e.type() != Event.Type.BLOCK) {
                    c.others++;
                    // a sync operation (or access) ends the open path of the running activation: its next block starts one
                    if (depth > 0) {
                        endPath(depth - 1, -1);
                        previous[depth - 1] = 0;
                        closeB(depth - 1);
                        hashB[depth - 1] = 0;
                        previousB[depth - 1] = 0;
                    }
                    continue;
                }
                c.blocks++;
                block(e.id());
            }
            for (int d = 0; d < depth; d++) {
                close(d);
                closeB(d);
            }
        }

        private void block(int b) {
            if (b >= s.special.length || s.special[b]) {
                if (b >= s.special.length) c.unknownBlocks++;
                c.specialBlocks++;
                return;
            }
            if (s.implied[b]) c.impliedC++;
            int m = s.method[b];
            c.methodSeen[m] = true;
            int top = depth - 1;
            boolean entry;
            if (top < 0) {
                entry = true;
            } else if (method[top] == m) {
                entry = s.bci[b] == 0 && s.calls[last[top]] > 0; // recursion; bci 0 otherwise is a loop at the start
            } else if (s.bci[b] == 0) {
                entry = true;
            } else {
                // a block of another method, not its first: a return after an exception unwound
                int d = top;
                while (d >= 0 && method[d] != m) d--;
                if (d >= 0) {
                    for (int x = d + 1; x <= top; x++) {
                        close(x);
                        closeB(x);
                    }
                    depth = d + 1;
                    c.exceptionEdges++;
                    close(d);
                    closeB(d);
                    startPath(d, b);
                    c.pathsA++;
                    c.pathsBDynamic++;
                    c.pathsBStatic++;
                    afterBlock(b);
                    return;
                }
                entry = true; // called from code the trace does not see (a callback), or the stack was lost
            }
            if (entry) {
                if (depth > 0) { // the caller's path resumes after the callee as a new path
                    previous[depth - 1] = 0;
                    closeB(depth - 1); // (b): the callee's entry flushes the caller's open path
                    hashB[depth - 1] = RESUMED;
                    previousB[depth - 1] = 0;
                    c.pathsBDynamic++;
                    c.callsWithEvents++;
                    if (s.callsToInstrumented[last[depth - 1]] == 0) { // a call the static rule did not cut: it must
                        c.pathsBStatic++;
                        c.staticMisses++;
                    }
                }
                push(m);
                c.entries++;
                startPath(depth - 1, b);
                c.pathsA++;
                c.pathsBDynamic++;
                c.pathsBStatic++;
            } else {
                int l = last[top];
                boolean back = s.bci[b] <= s.bci[l];
                boolean cut = back || s.handler[b] || hash[top] == 0;
                if (back || s.handler[b] || hashB[top] == 0) {
                    closeB(top);
                    hashB[top] = mix(SEED, b);
                } else {
                    hashB[top] = mix(hashB[top], b);
                }
                if (back) c.backEdges++;
                if (s.handler[b] && !back) c.exceptionEdges++;
                if (cut) {
                    endPath(top, b);
                    c.pathsA++;
                    c.pathsBDynamic++;
                    c.pathsBStatic++;
                } else {
                    hash[top] = mix(hash[top], b);
                }
            }
            afterBlock(b);
        }

        /** The block's calls end paths (a: every call; b static: calls to classes with blocks), and a return ends the activation. */
        private void afterBlock(int b) {
            int top = depth - 1;
            last[top] = b;
            int k = s.calls[b];
            c.callsExecuted += k;
            c.pathsA += k;
            c.pathsBStatic += s.callsToInstrumented[b];
            for (int i = 1; i <= k; i++) {
                close(top);
                hash[top] = mix(mix(SEED, b), -i);
            }
            if (s.returns[b]) {
                close(top);
                closeB(top);
                depth--;
            }
        }

        /** Counts activation d's open path (a), and whether it repeats the activation's previous one with nothing between. */
        private void close(int d) {
            long h = hash[d];
            if (h == 0) return;
            c.distinctA.add(h);
            if (h == previous[d]) c.repeatsA++;
            previous[d] = h;
        }

        /** Whether activation d's open (b) path repeats its previous one with nothing between: run-length would fold it. */
        private void closeB(int d) {
            long h = hashB[d];
            if (h == 0) return;
            if (h == previousB[d]) c.repeatsB++;
            previousB[d] = h;
            hashB[d] = 0;
        }

        private void startPath(int d, int b) {
            hash[d] = mix(SEED, b);
            hashB[d] = mix(SEED, b);
            last[d] = b;
        }

        /** Closes activation d's open path (its identity counted) and starts the next at block b (none: -1). */
        private void endPath(int d, int b) {
            close(d);
            hash[d] = b < 0 ? 0 : mix(SEED, b);
        }

        private void push(int m) {
            if (depth == method.length) {
                method = Arrays.copyOf(method, depth * 2);
                last = Arrays.copyOf(last, depth * 2);
                hash = Arrays.copyOf(hash, depth * 2);
                previous = Arrays.copyOf(previous, depth * 2);
                hashB = Arrays.copyOf(hashB, depth * 2);
                previousB = Arrays.copyOf(previousB, depth * 2);
            }
            method[depth] = m;
            hash[depth] = 0;
            previous[depth] = 0;
            hashB[depth] = 0;
            previousB[depth] = 0;
            depth++;
        }

        private static long mix(long h, int b) {
            long x = (h ^ b) * 0xBF58476D1CE4E5B9L;
            x ^= x >>> 31;
            return x == 0 ? 1 : x;
        }
    }

    /** Open-addressing set of nonzero longs, for the distinct paths. */
    static final class LongSet {
        private long[] slots = new long[1 << 12];
        private int size;

        void add(long v) {
            if (v == 0) return;
            int mask = slots.length - 1;
            int i = (int) (v ^ v >>> 32) & mask;
            while (slots[i] != 0) {
                if (slots[i] == v) return;
                i = i + 1 & mask;
            }
            slots[i] = v;
            if (++size * 2 > slots.length) grow();
        }

        int size() {
            return size;
        }

        private void grow() {
            long[] old = slots;
            slots = new long[old.length * 2];
            size = 0;
            for (long v : old) if (v != 0) add(v);
        }
    }
}
