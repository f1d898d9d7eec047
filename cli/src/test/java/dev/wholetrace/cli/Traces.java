package dev.wholetrace.cli;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.synthetic.RedBlackSor;
import dev.wholetrace.format.wtrace.Section;
import dev.wholetrace.format.wtrace.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Traces recorded for the CLI tests, with event counts known in advance. */
final class Traces {
    private Traces() {}

    /** Iterations of the worker in {@link #twoThreads}. */
    static final int ITERATIONS = 100;
    /** S_synch entries of {@link #twoThreads}: main's begin, fork, join, end; the worker's begin, 2 per iteration, end. */
    static final int SYNC_OPS = 4 + 2 + 2 * ITERATIONS;
    /** Worker events in CDR/ALL: begin, 5 per iteration (block, load, lock, store, unlock), end. */
    static final int WORKER_EVENTS = 2 + 5 * ITERATIONS;

    /**
     * Two threads, deterministic down to the sync order, in three chunks (each checkpoint closes
     * one). Thread 0 "main": begin, block 1, fork [checkpoint], join, block 1, end. Thread 1
     * "worker": begin, then per iteration i: block 2, load 10 @ 5+4i, lock 20 on 7, store 11 @
     * 6+4i, unlock 21 on 7 [checkpoint after half of them], end. Main joins the worker before its
     * next event, so every ticket is taken in this order.
     */
    static Path twoThreads(Path file, TraceMode mode) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withChunkMillis(600_000)
                .withProperty("program", "twoThreads"))) {
            rec.defineBlock(new CodeEntry(1, "demo.Main", "main", "()V", 10, 0, "main: fork, join"));
            rec.defineBlock(new CodeEntry(2, "demo.Main", "work", "()V", 20, 0, "work: loop body"));
            rec.defineInstruction(new CodeEntry(10, "demo.Main", "work", "()V", 21, 3, "IALOAD a[i]"));
            rec.defineInstruction(new CodeEntry(11, "demo.Main", "work", "()V", 22, 7, "IASTORE b[i]"));
            rec.defineInstruction(new CodeEntry(20, "demo.Main", "work", "()V", 23, 9, "MONITORENTER"));
            rec.defineInstruction(new CodeEntry(21, "demo.Main", "work", "()V", 24, 12, "MONITOREXIT"));
            ThreadRecorder main = rec.beginThread("main", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
            Throwable[] failure = new Throwable[1];
            long[] object = new long[1];
            Thread worker = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.beginThread("worker", object[0], false);
                    for (int i = 0; i < ITERATIONS; i++) {
                        t.block(2);
                        t.load(10, Addresses.of(5, 4L * i));
                        t.lock(20, 7);
                        t.store(11, Addresses.of(6, 4L * i));
                        t.unlock(21, 7);
                        if (i == ITERATIONS / 2 - 1) rec.checkpoint();
                    }
                    t.end();
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "worker");
            object[0] = TraceRecorder.defaultThreadObject(worker);
            main.block(1);
            main.fork(30, object[0]);
            rec.checkpoint();
            worker.start();
            worker.join();
            if (failure[0] != null) throw new AssertionError("worker failed", failure[0]);
            main.join(31, object[0]);
            main.block(1);
            main.end();
        }
        return file;
    }

    /**
     * Two threads that pass one barrier's episode 0 in turn, as a CyclicBarrier(1) gives (the agent
     * names an episode by the thread's own count of passes): "main" passes it before the worker
     * begins, and the worker, after a lock and an unlock, passes it too, a later generation. Recorded
     * in this order, one thread at a time, so the tickets say exactly that.
     */
    static Path twoBarrierGenerationsNamedAlike(Path file) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            rec.defineBlock(new CodeEntry(1, "demo.Main", "main", "()V", 10, 0, "main"));
            rec.defineInstruction(new CodeEntry(20, "demo.Main", "work", "()V", 23, 9, "MONITORENTER"));
            rec.defineInstruction(new CodeEntry(21, "demo.Main", "work", "()V", 24, 12, "MONITOREXIT"));
            rec.defineInstruction(new CodeEntry(22, "demo.Main", "main", "()V", 11, 3, "CyclicBarrier.await"));
            ThreadRecorder main = rec.beginThread("main", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
            main.block(1);
            main.barrier(22, 9, 0);
            Throwable[] failure = new Throwable[1];
            long[] object = new long[1];
            Thread worker = new Thread(() -> {
                try {
                    ThreadRecorder t = rec.beginThread("worker", object[0], false);
                    t.lock(20, 7);
                    t.unlock(21, 7);
                    t.barrier(22, 9, 0);
                    t.end();
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "worker");
            object[0] = TraceRecorder.defaultThreadObject(worker);
            main.fork(30, object[0]);
            worker.start();
            worker.join();
            if (failure[0] != null) throw new AssertionError("worker failed", failure[0]);
            main.join(31, object[0]);
            main.end();
        }
        return file;
    }

    /** RedBlackSor with 4 threads on an n × n grid. */
    static Path sor(Path file, TraceMode mode, int n, int iterations) throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode))) {
            new RedBlackSor(4, n, iterations).run(rec);
        }
        return file;
    }

    /** The sections of every complete chunk. */
    static List<List<Section>> chunks(Path file) throws IOException {
        try (TraceReader r = TraceReader.open(file)) {
            return r.chunks();
        }
    }

    /** A copy of the first {@code length} bytes of {@code file}. */
    static Path cut(Path file, long length, Path to) throws IOException {
        return Files.write(to, Arrays.copyOf(Files.readAllBytes(file), (int) length));
    }
}
