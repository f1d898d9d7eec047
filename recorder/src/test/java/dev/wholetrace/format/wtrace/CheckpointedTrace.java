package dev.wholetrace.format.wtrace;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * A trace whose chunk boundaries are known exactly: threads record one after another (real
 * threads, never two at once), each ending every group of events with {@code checkpoint()}, and
 * the writer's own limits are out of reach. Chunk c then holds exactly group c, so a file cut
 * after chunk k must read back as groups 0..k-1.
 */
final class CheckpointedTrace {
    final Path file;
    final TraceMode mode;
    /** Per chunk: the recording thread (its index in the trace) and the events it recorded in it. */
    final List<Integer> threadOfChunk = new ArrayList<>();
    final List<List<Event>> chunkEvents = new ArrayList<>();

    private CheckpointedTrace(Path file, TraceMode mode) {
        this.file = file;
        this.mode = mode;
    }

    /**
     * @param threads         recording threads, one after another
     * @param groupsPerThread checkpoints per thread; one more group, holding its end, is cut
     *                        after the thread is joined: groupsPerThread + 1 chunks per thread
     * @param eventsPerGroup  roughly how many events each group holds
     */
    static CheckpointedTrace record(Path file, TraceMode mode, Codec codec, int threads, int groupsPerThread,
                                    int eventsPerGroup) throws Exception {
        return record(file, mode, codec, threads, groupsPerThread, eventsPerGroup, c -> c);
    }

    /** As above, the recorder configured further by {@code tweak}. */
    static CheckpointedTrace record(Path file, TraceMode mode, Codec codec, int threads, int groupsPerThread,
                                    int eventsPerGroup, UnaryOperator<RecorderConfig> tweak) throws Exception {
        CheckpointedTrace t = new CheckpointedTrace(file, mode);
        RecorderConfig config = tweak.apply(RecorderConfig.defaults(mode).withCodec(codec).withWorkers(1).withChunkMillis(3_600_000)
                .withProperty("program", "checkpointed"));
        Throwable[] failure = new Throwable[1];
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            rec.defineBlock(new CodeEntry(0, "Demo", "run", "()V", 1, 0, "block 0"));
            rec.defineInstruction(new CodeEntry(5, "Demo", "run", "()V", 2, 3, "GETFIELD x"));
            for (int k = 0; k < threads; k++) {
                int kk = k;
                Thread th = new Thread(() -> {
                    try {
                        t.run(rec, kk, groupsPerThread, eventsPerGroup);
                    } catch (Throwable e) {
                        failure[0] = e;
                    }
                }, "checkpointed-" + k);
                th.start();
                th.join();
                if (failure[0] != null) throw new AssertionError("recording thread failed", failure[0]);
                rec.checkpoint(); // the thread's last group (with its end) gets a chunk of its own

            }
        }
        return t;
    }

    private void run(TraceRecorder rec, int k, int groups, int events) throws Exception {
        long self = 0x7000 + k;
        ThreadRecorder r = rec.beginThread("thread-" + k, self, false);
        List<Event> group = new ArrayList<>();
        group.add(Event.sync(SyncKind.THREAD_BEGIN, 0, self, 0));
        for (int g = 0; g <= groups; g++) {
            for (int i = 0; group.size() < events; i++) {
                int id = (g * 7 + i) % 5;
                r.block(id);
                group.add(Event.block(id));
                long a = Addresses.of(3 + k, 8L * (i + g));
                if (i % 2 == 0) {
                    r.load(5, a);
                    group.add(Event.load(5, a));
                } else {
                    r.store(6, a + 4096);
                    group.add(Event.store(6, a + 4096));
                }
                if (i % 4 == 3) {
                    r.lock(9, 0x99);
                    group.add(Event.sync(SyncKind.LOCK, 9, 0x99, 0));
                    r.unlock(10, 0x99);
                    group.add(Event.sync(SyncKind.UNLOCK, 10, 0x99, 0));
                }
            }
            if (g == groups) {
                r.end();
                group.add(Event.sync(SyncKind.THREAD_END, 0, self, 0));
            } else {
                rec.checkpoint();
            }
            threadOfChunk.add(k); // thread k is the k-th registered: its index is k
            chunkEvents.add(project(group));
            group = new ArrayList<>();
        }
    }

    private List<Event> project(List<Event> events) {
        List<Event> out = new ArrayList<>();
        for (Event e : events) {
            Event p = e.projectTo(mode);
            if (p != null) out.add(p);
        }
        return out;
    }

    /** Thread t's events in chunks 0..k-1. */
    List<Event> eventsBefore(int t, int k) {
        List<Event> out = new ArrayList<>();
        for (int c = 0; c < k && c < chunkEvents.size(); c++) if (threadOfChunk.get(c) == t) out.addAll(chunkEvents.get(c));
        return out;
    }
}
