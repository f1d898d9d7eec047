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
