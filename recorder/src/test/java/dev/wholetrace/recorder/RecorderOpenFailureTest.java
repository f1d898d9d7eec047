package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wholetrace.model.event.TraceMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace that cannot be written is an IOException from open(), before the program records anything. */
class RecorderOpenFailureTest {
    @TempDir
    Path dir;

    @Test
    void aDirectoryIsNotATraceFile() {
        assertThatThrownBy(() -> TraceRecorder.open(dir, RecorderConfig.defaults(TraceMode.COR))).isInstanceOf(IOException.class);
    }

    @Test
    void aFullDeviceFailsAtTheHeader() {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "needs /dev/full");
        assertThatThrownBy(() -> TraceRecorder.open(full, RecorderConfig.defaults(TraceMode.COR)))
                .isInstanceOf(IOException.class).hasMessageContaining("space");
    }
}
