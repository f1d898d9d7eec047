package dev.wholetrace.analysis.std;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.hb.Script;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The STD mapping on a scripted execution: which events, in which order, for each sync kind. */
class StdExportTest {
    static final long X = Addresses.of(5, 16), Y = Addresses.of(5, 24);

    @TempDir
    Path dir;

    @Test
    void accessesLocksBarriersAndLatchesBecomeStdEvents() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("std.wtrace"), 2)) {
            s.on(1, r -> { r.store(1, X); r.lock(9, 77); r.unlock(10, 77); })
             .on(2, r -> { r.load(2, X); r.lock(9, 77); r.unlock(10, 77); })
             .on(1, r -> r.barrier(11, 300, 0))
             .on(2, r -> { r.store(3, Y); r.barrier(11, 300, 0); })
             .on(1, r -> { r.load(4, Y); r.sync(SyncKind.LATCH_COUNT_DOWN, 12, 400, 1); });
            trace = s.finish();
        }
        List<String> lines = new ArrayList<>();
        new StdExport().analyze(trace).forEach(e -> lines.add("T" + e.thread() + "|" + e.op().label + "(" + e.target().name() + ")|" + e.location()));
        assertThat(lines).containsExactly(
                "T1|w(V5_16)|1", "T1|acq(L77)|9", "T1|rel(L77)|10",
                "T2|r(V5_16)|2", "T2|acq(L77)|9", "T2|rel(L77)|10",
                // the barrier's first pass: every participant's arrival, after its own accesses before the barrier ...
                "T1|acq(B300_0)|11", "T1|rel(B300_0)|11", "T2|w(V5_24)|3", "T2|acq(B300_0)|11", "T2|rel(B300_0)|11",
                // ... then each pass its departure
                "T1|acq(B300_0)|11", "T1|rel(B300_0)|11",
                "T2|acq(B300_0)|11", "T2|rel(B300_0)|11",
                "T1|r(V5_24)|4", "T1|acq(S400_1)|12", "T1|rel(S400_1)|12");
    }

    private static List<String> lines(TraceView trace) {
        List<String> lines = new ArrayList<>();
        new StdExport().analyze(trace).forEach(e -> lines.add("T" + e.thread() + "|" + e.op().label + "(" + e.target().name() + ")|" + e.location()));
        return lines;
    }

    @Test
    void aReadLockIsALockPerReaderAndAWriteLockTakesEveryReadersToo() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("rw.wtrace"), 2)) {
            s.on(1, r -> r.sync(SyncKind.LOCK, 9, 77, 1))
             .on(2, r -> r.sync(SyncKind.LOCK, 9, 77, 1)) // both readers hold it at once
             .on(1, r -> { r.load(2, X); r.sync(SyncKind.UNLOCK, 10, 77, 1); })
             .on(2, r -> { r.load(2, X); r.sync(SyncKind.UNLOCK, 10, 77, 1); })
             .on(1, r -> { r.sync(SyncKind.LOCK, 11, 77, 2); r.store(3, X); r.sync(SyncKind.UNLOCK, 12, 77, 2); })
             // a downgrade: the write lock, then the read lock, then the write lock let go
             .on(2, r -> { r.sync(SyncKind.LOCK, 11, 77, 2); r.sync(SyncKind.LOCK, 9, 77, 1); r.sync(SyncKind.UNLOCK, 12, 77, 2);
                 r.load(4, X); r.sync(SyncKind.UNLOCK, 10, 77, 1); });
            trace = s.finish();
        }
        assertThat(lines(trace)).containsExactly(
                "T1|acq(R77_1)|9", "T2|acq(R77_2)|9",
                "T1|r(V5_16)|2", "T1|rel(R77_1)|10", "T2|r(V5_16)|2", "T2|rel(R77_2)|10",
                "T1|acq(L77)|11", "T1|acq(R77_1)|11", "T1|acq(R77_2)|11", "T1|w(V5_16)|3",
                "T1|rel(R77_2)|12", "T1|rel(R77_1)|12", "T1|rel(L77)|12",
                "T2|acq(L77)|11", "T2|acq(R77_1)|11", "T2|acq(R77_2)|11", // its read lock is nested in R77_2: not written
                "T2|rel(R77_1)|12", "T2|rel(L77)|12", "T2|r(V5_16)|4", "T2|rel(R77_2)|10");
        StdHbChecker.Result checked = StdHbChecker.check(lines(trace));
        assertThat(checked.violations()).isEmpty();
        assertThat(checked.pairs()).as("readers do not order each other; the writers are ordered with them").isEmpty();
    }

    @Test
    void aWaitInANestedMonitorLetsItGoBeforeTheNextHolderTakesIt() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("wait.wtrace"), 2)) {
            s.on(1, r -> { r.lock(9, 66); r.lock(9, 66); r.unlock(13, 66); }) // wait() inside two synchronized blocks: one unlock
             .on(2, r -> { r.lock(14, 66); r.store(1, X); r.unlock(15, 66); })
             .on(1, r -> { r.lock(16, 66); r.load(2, X); r.unlock(17, 66); r.unlock(18, 66); })
             .on(2, r -> r.unlock(19, 67)); // an unlock recorded although it held nothing: a release all the same
            trace = s.finish();
        }
        assertThat(lines(trace)).containsExactly(
                "T1|acq(L66)|9", "T1|rel(L66)|13", "T2|acq(L66)|14", "T2|w(V5_16)|1", "T2|rel(L66)|15",
                "T1|acq(L66)|16", "T1|r(V5_16)|2", "T1|rel(L66)|18", "T2|acq(L67)|19", "T2|rel(L67)|19");
    }

    @Test
    void accessesAfterAThreadsLastSyncOperationFollowIt() throws Exception {
        TraceView trace;
        try (Script s = new Script(dir.resolve("tail.wtrace"), 1)) {
            s.on(0, r -> { r.lock(9, 5); r.unlock(10, 5); r.store(1, Y); })
             .on(1, r -> { r.lock(9, 5); r.unlock(10, 5); r.load(2, Y); });
            trace = s.finish();
        }
        // thread 0 records nothing more: its store comes right after its unlock, not at the end of the file
        assertThat(lines(trace)).containsExactly(
                "T0|acq(L5)|9", "T0|rel(L5)|10", "T0|w(V5_24)|1", "T1|acq(L5)|9", "T1|rel(L5)|10", "T1|r(V5_24)|2");
    }

    @Test
    void needsInstructionsAndAddresses() throws Exception {
        Path cor = dir.resolve("cor.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(cor, RecorderConfig.defaults(TraceMode.COR))) {
            rec.thread().block(1);
        }
        assertThatThrownBy(() -> new StdExport().analyze(TraceView.open(cor))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CDR or ALL");
    }
}
