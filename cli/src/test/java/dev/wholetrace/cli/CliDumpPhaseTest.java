package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wholetrace dump} shows a Phaser's phase (a latch operation's non-zero aux); a CountDownLatch's 0 is not shown. */
class CliDumpPhaseTest {
    @TempDir
    Path dir;

    @Test
    void latchOperationsShowTheirPhase() throws Exception {
        Path file = dir.resolve("phaser.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.COR))) {
            rec.defineInstruction(new CodeEntry(5, "demo.Main", "main", "()V", 7, 3, "Phaser.arriveAndAwaitAdvance"));
            rec.defineInstruction(new CodeEntry(6, "demo.Main", "main", "()V", 8, 9, "CountDownLatch.countDown"));
            ThreadRecorder t = rec.beginThread("main", TraceRecorder.defaultThreadObject(Thread.currentThread()), false);
            t.sync(SyncKind.LATCH_COUNT_DOWN, 5, 9, 2);
            t.sync(SyncKind.LATCH_AWAIT, 5, 9, 2);
            t.sync(SyncKind.LATCH_COUNT_DOWN, 6, 11, 0);
            t.end();
        }
        List<String> s = CliDumpTest.lines("dump", file.toString());
        assertThat(s.subList(1, 4)).containsExactly(
                "1 thread 0 op 1 count-down object 9 phase 2 site 5 demo.Main.main:7 Phaser.arriveAndAwaitAdvance",
                "2 thread 0 op 2 latch-await object 9 phase 2 site 5 demo.Main.main:7 Phaser.arriveAndAwaitAdvance",
                "3 thread 0 op 3 count-down object 11 site 6 demo.Main.main:8 CountDownLatch.countDown");
        assertThat(CliDumpTest.lines("dump", file.toString(), "--thread", "0")).anyMatch(l -> l.contains("latch-await")
                && l.contains("object 9 phase 2 site 5"));
    }
}
