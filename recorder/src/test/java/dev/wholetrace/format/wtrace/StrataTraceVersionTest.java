package dev.wholetrace.format.wtrace;

import static dev.wholetrace.reader.TraceTestSupport.events;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mode STRATA exists from version 5: a checkpointed STRATA recording reads back as the same
 * program recorded in COR (events of every thread), and the same file declaring version 4 is
 * refused from its header.
 */
class StrataTraceVersionTest {
    @TempDir
    Path dir;

    @Test
    void strataReadsAsCorAndOnlyFromVersion5() throws Exception {
        CheckpointedTrace strata = CheckpointedTrace.record(dir.resolve("s.wtrace"), TraceMode.STRATA, Codec.BEST, 3, 2, 40);
        CheckpointedTrace cor = CheckpointedTrace.record(dir.resolve("c.wtrace"), TraceMode.COR, Codec.BEST, 3, 2, 40);
        ParallelTrace s = ParallelTrace.open(strata.file);
        ParallelTrace c = ParallelTrace.open(cor.file);
        assertThat(s.mode()).isEqualTo(TraceMode.STRATA);
        assertThat(s.threads()).isEqualTo(c.threads());
        for (int t = 0; t < c.threadCount(); t++) {
            assertThat(events(s.thread(t))).as("thread %d", t).isEqualTo(events(c.thread(t))).isNotEmpty();
        }

        byte[] b = Files.readAllBytes(strata.file);
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        h.putShort(4, (short) 4);
        h.putInt(12, TraceFormat.crc(b, 0, 12));
        Path v4 = dir.resolve("v4.wtrace");
        Files.write(v4, b);
        assertThatThrownBy(() -> TraceReader.open(v4)).isInstanceOf(FormatException.class).hasMessageContaining("unknown trace mode 4 in a version 4 file");
    }

    /** With the pipeline (layer 0 on each worker's stage thread; two workers) the recording reads back as COR's, as without it. */
    @Test
    void thePipelineOnOrOffRecordsTheSameEvents() throws Exception {
        CheckpointedTrace cor = CheckpointedTrace.record(dir.resolve("c.wtrace"), TraceMode.COR, Codec.FAST, 4, 3, 500);
        ParallelTrace c = ParallelTrace.open(cor.file);
        for (String pipeline : new String[] {"on", "off"}) {
            CheckpointedTrace strata = CheckpointedTrace.record(dir.resolve(pipeline + ".wtrace"), TraceMode.STRATA, Codec.FAST, 4, 3, 500,
                    config -> config.withWorkers(2).withProperty(RecorderConfig.STRATA_PIPELINE_PROPERTY, pipeline));
            ParallelTrace s = ParallelTrace.open(strata.file);
            assertThat(s.threads()).isEqualTo(c.threads());
            for (int t = 0; t < c.threadCount(); t++) {
                assertThat(events(s.thread(t))).as("pipeline %s, thread %d", pipeline, t).isEqualTo(events(c.thread(t))).isNotEmpty();
            }
        }
    }
}
