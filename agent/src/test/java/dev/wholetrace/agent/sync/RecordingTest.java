package dev.wholetrace.agent.sync;

import dev.wholetrace.agent.runtime.Probes;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** What every test that records a subject shares: a directory for its traces, and no recorder left installed. */
abstract class RecordingTest {
    @TempDir
    Path dir;

    @AfterEach
    void uninstallRecorder() {
        Probes.install(null);
    }
}
