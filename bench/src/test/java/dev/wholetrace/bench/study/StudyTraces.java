package dev.wholetrace.bench.study;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/** Records small hand-instrumented programs through core's recorder API, one real thread per body. */
final class StudyTraces {
    static final String CLASS = "test.Program";

    private StudyTraces() {}

    /** What one program thread does; the helper registers it before and ends it after. */
    interface Body {
        void run(ThreadRecorder rec) throws Exception;
    }

    /** The begin/end object of body {@code k}. */
    static long threadObject(int k) {
        return TraceRecorder.THREAD_OBJECT_BIT | (k + 1);
    }

    /**
     * Records {@code bodies} into {@code file}: thread k of the trace runs bodies[k] (the threads
     * register in order, then run concurrently). Sections are
     * zstd-packed only: xz -9, which Codec.BEST also tries, would dominate the tests' time. Blocks and instructions come from the maps (id to text).
     */
    static void record(Path file, TraceMode mode, Map<Integer, String> blocks, Map<Integer, String> instructions, List<Body> bodies)
            throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode).withWorkers(1).withCodec(Codec.ZSTD))) {
            blocks.forEach((id, text) -> rec.defineBlock(new CodeEntry(id, CLASS, "run", "()V", 10 + id, id, text)));
            instructions.forEach((id, text) -> rec.defineInstruction(new CodeEntry(id, CLASS, "run", "()V", 100 + id, id, text)));
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[bodies.size()];
            for (int k = 0; k < bodies.size(); k++) {
                int kk = k;
                CountDownLatch registered = new CountDownLatch(1);
                threads[k] = new Thread(() -> {
                    ThreadRecorder t = rec.beginThread("t" + kk, threadObject(kk), false);
                    registered.countDown();
                    try {
                        bodies.get(kk).run(t);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        t.end();
                    }
                }, "t" + k);
                threads[k].start();
                registered.await(); // thread k is trace thread k
            }
            for (Thread t : threads) t.join();
            if (failure.get() != null) throw new AssertionError("a program thread failed", failure.get());
        }
    }
}
