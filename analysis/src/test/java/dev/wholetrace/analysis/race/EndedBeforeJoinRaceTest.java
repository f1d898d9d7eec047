package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder ends a terminated thread on its behalf soon after it terminated, before anyone joins
 * it (docs/agent.md, "Thread end"): the end recorded early must order the thread's accesses before
 * a later join exactly as the end a join records, and must order nothing for a thread nobody joins.
 */
class EndedBeforeJoinRaceTest {
    static final int W = 1, R = 2, W2 = 3, R2 = 4; // stores 1 and 3, loads 2 and 4
    static final long X = Addresses.of(5, 16), Y = Addresses.of(5, 24);

    @TempDir
    Path dir;

    @Test
    void aThreadTheRecorderEndedBeforeItsJoinIsStillOrderedBeforeTheJoinerAndOnlyByTheJoin() throws Exception {
        Path file = dir.resolve("ended-before-join.wtrace");
        Set<Thread> ended = ConcurrentHashMap.newKeySet();
        RecorderConfig config = RecorderConfig.defaults(TraceMode.CDR).withChunkMillis(3_600_000); // no cut until the close
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            rec.onTerminatedThreadEnded(ended::add);
            ThreadRecorder main = rec.thread();
            Thread joined = new Thread(() -> rec.thread().store(W, X));
            Thread notJoined = new Thread(() -> rec.thread().store(W2, Y));
            main.fork(1, TraceRecorder.defaultThreadObject(joined));
            joined.start();
            main.fork(1, TraceRecorder.defaultThreadObject(notJoined));
            notJoined.start();
            joined.join(); // plain waits, not recorded: the recorder alone sees them terminate
            notJoined.join();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (ended.size() < 2 && System.nanoTime() < deadline) Thread.sleep(5);
            assertThat(ended).as("ended by the recorder before any join").containsExactlyInAnyOrder(joined, notJoined);
            long object = TraceRecorder.defaultThreadObject(joined);
            rec.endThread(object); // what the agent's join probe does: the end is already recorded
            main.join(2, object);
            main.load(R, X);
            main.load(R2, Y);
        }
        ParallelTrace trace = ParallelTrace.open(file);
        assertThat(trace.complete()).isTrue();
        RaceDetector.Result result = RaceDetector.detect(trace, false);
        assertThat(result.races()).as("only the thread nobody joined races").singleElement().satisfies(race -> {
            assertThat(race.a()).isEqualTo(W2);
            assertThat(race.b()).isEqualTo(R2);
        });
    }
}
