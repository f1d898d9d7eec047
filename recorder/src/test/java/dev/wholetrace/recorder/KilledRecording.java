package dev.wholetrace.recorder;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The program {@link RecorderKillTest} kills: records a deterministic event sequence forever,
 * closing a chunk every {@link #EVENTS_PER_CHUNK} events and printing a line after each, so the
 * test knows chunks are on disk before it sends SIGKILL.
 */
final class KilledRecording {
    static final int EVENTS_PER_CHUNK = 5_000;

    /** Event {@code i} of the sequence (what the test expects a prefix of). */
    static Event event(long i) {
        int k = (int) (i % 10);
        return switch (k) {
            case 0, 3, 6 -> Event.block((int) (i % 7));
            case 1, 4 -> Event.load(11, Addresses.of(5, 8 * (i % 1000)));
            case 2 -> Event.store(12, Addresses.of(6, 8 * (i % 100)));
            case 5 -> Event.sync(SyncKind.LOCK, 13, 42, 0);
            case 7 -> Event.sync(SyncKind.UNLOCK, 14, 42, 0);
            default -> Event.block(100 + (int) (i % 3));
        };
    }

    static List<Event> prefix(long n) {
        List<Event> out = new ArrayList<>();
        for (long i = 0; i < n; i++) out.add(event(i));
        return out;
    }

    public static void main(String[] args) throws Exception {
        // Chunks close only at the checkpoints, never on the writer's own timer, so that the
        // test knows where every chunk ends.
        TraceRecorder rec = TraceRecorder.open(Path.of(args[0]), RecorderConfig.defaults(TraceMode.CDR).withChunkMillis(1_000_000_000L));
        ThreadRecorder t = rec.beginThread("victim", 1, false);
        for (long i = 0; ; i++) {
            Event e = event(i);
            switch (e.type()) {
                case BLOCK -> t.block(e.id());
                case LOAD -> t.load(e.id(), e.address());
                case STORE -> t.store(e.id(), e.address());
                case SYNC -> t.sync(e.kind(), e.id(), e.object(), e.aux());
            }
            if ((i + 1) % EVENTS_PER_CHUNK == 0) {
                rec.checkpoint();
                System.out.println("chunk " + (i + 1));
                System.out.flush();
            }
        }
    }
}
