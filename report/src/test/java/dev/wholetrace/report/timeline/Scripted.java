package dev.wholetrace.report.timeline;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Records an execution step by step in the order the test gives: threads 1..n each run on a thread
 * of their own and every step finishes before the next starts, so S_synch is the steps' order.
 */
final class Scripted implements AutoCloseable {
    private final TraceRecorder rec;
    private final ExecutorService[] threads;
    private final Path file;

    Scripted(Path file, int workers) throws Exception {
        this.file = file;
        this.rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR));
        rec.thread();
        threads = new ExecutorService[workers + 1];
        for (int t = 1; t <= workers; t++) {
            threads[t] = Executors.newSingleThreadExecutor();
            on(t, r -> { });
        }
    }

    Scripted on(int t, Consumer<ThreadRecorder> step) throws Exception {
        if (t == 0) step.accept(rec.thread());
        else threads[t].submit(() -> step.accept(rec.thread())).get();
        return this;
    }

    ParallelTrace finish() throws Exception {
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
