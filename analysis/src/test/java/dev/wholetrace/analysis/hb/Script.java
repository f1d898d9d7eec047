package dev.wholetrace.analysis.hb;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Records a multithreaded execution step by step in an order the test dictates: thread 0 is the
 * test's own thread, threads 1..n each a thread of their own, and every step runs to its end
 * before the next one starts, so the sync order is exactly the steps' order.
 */
public final class Script implements AutoCloseable {
    private final Path file;
    private final TraceRecorder rec;
    private final ExecutorService[] threads;

    public Script(Path file, int workers) throws Exception {
        this.file = file;
        this.rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR));
        rec.thread(); // thread 0: the caller
        threads = new ExecutorService[workers + 1];
        for (int t = 1; t <= workers; t++) {
            threads[t] = Executors.newSingleThreadExecutor();
            on(t, r -> { }); // registers thread t now, so the thread indices are 0..workers in order
        }
    }

    /** Runs {@code step} on thread t with its recorder, and waits for it. */
    public Script on(int t, Consumer<ThreadRecorder> step) throws Exception {
        if (t == 0) step.accept(rec.thread());
        else threads[t].submit(() -> step.accept(rec.thread())).get();
        return this;
    }

    /** Ends the recording and reads the trace back. */
    public ParallelTrace finish() throws Exception {
        close();
        return ParallelTrace.open(file);
    }

    @Override
    public void close() throws Exception {
        for (int t = 1; t < threads.length; t++) {
            if (threads[t] != null && !threads[t].isShutdown()) {
                threads[t].submit(() -> rec.thread().end()).get();
                threads[t].shutdown();
            }
        }
        rec.close();
    }
}
