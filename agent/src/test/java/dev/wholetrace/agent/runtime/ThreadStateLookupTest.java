package dev.wholetrace.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The method-entry lookup's fast path ({@link ThreadState#currentHandle}) reads the slot table and not
 * the recorder: a state in the table must hold the current recording's handle, whatever a probe that
 * read the recorder before a switch does afterwards, and none once recording stopped.
 */
class ThreadStateLookupTest {
    @TempDir
    Path dir;

    @AfterEach
    void uninstall() {
        Probes.install(null);
    }

    @Test
    void aStateGivenAReplacedRecordersHandleLeavesTheTable() throws Exception {
        try (TraceRecorder first = open("first"); TraceRecorder second = open("second")) {
            Probes.install(first);
            ThreadRecorder old = Probes.handle();
            assertThat(old).isSameAs(first.thread());
            Probes.install(second);
            ThreadState.of(first); // a probe that read the first recorder just before the switch
            assertThat(Probes.handle()).as("the lookup after the switch").isSameAs(second.thread()).isNotSameAs(old);
            assertThat(Probes.handle()).as("and its fast path").isSameAs(second.thread());
        }
    }

    /**
     * The same probe, late, once the thread's state is back in the table for the new recording: the state's handle
     * is replaced by the old recorder's (ThreadState#forRecorder), and it must leave the table with it.
     */
    @Test
    void aStateInTheTableGivenAReplacedRecordersHandleLeavesIt() throws Exception {
        try (TraceRecorder first = open("first"); TraceRecorder second = open("second")) {
            Probes.install(first);
            assertThat(Probes.handle()).isSameAs(first.thread());
            Probes.install(second);
            assertThat(Probes.handle()).as("the state, in the table again for the second").isSameAs(second.thread());
            ThreadState.of(first); // a probe that read the first recorder before the switch, run only now
            assertThat(Probes.handle()).as("the lookup after that probe").isSameAs(second.thread());
        }
    }

    @Test
    void noHandleOnceRecordingStoppedOrFailed() throws Exception {
        try (TraceRecorder r = open("stopped")) {
            Probes.install(r);
            assertThat(Probes.handle()).isSameAs(r.thread());
            Probes.install(null);
            assertThat(Probes.handle()).isSameAs(ThreadRecorder.notRecording());
        }
        try (TraceRecorder r = open("failed")) {
            Probes.install(r);
            assertThat(Probes.handle()).isSameAs(r.thread());
            Probes.fail(new IllegalStateException("a test's failure"));
            assertThat(Probes.handle()).isSameAs(ThreadRecorder.notRecording());
        }
    }

    private TraceRecorder open(String name) throws Exception {
        return TraceRecorder.open(dir.resolve(name + ".wtrace"), RecorderConfig.defaults(TraceMode.COR));
    }
}
