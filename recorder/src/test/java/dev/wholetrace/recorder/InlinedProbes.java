package dev.wholetrace.recorder;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The program {@link RecorderInliningTest} runs under {@code -XX:+PrintInlining}: a method that records a block per
 * iteration ({@link #probedLoop}, what an instrumented method's probes do) into small buffers, so that the buffer
 * hand-over runs thousands of times (far above JDK 17's {@code InlineFrequencyCount}, 100) and paths reach SEQUITUR
 * as often. Prints nothing of its own.
 */
final class InlinedProbes {
    private InlinedProbes() {}

    public static void main(String[] args) throws Exception {
        Path file = Files.createTempFile("inlining", ".wtrace");
        RecorderConfig config = new RecorderConfig(TraceMode.COR, Codec.NONE, 1, 1L << 40, 1L << 40, 3_600_000, 256, 4,
                true, Map.of());
        try (TraceRecorder rec = TraceRecorder.open(file, config)) {
            ThreadRecorder t = rec.thread();
            for (int round = 0; round < 40; round++) probedLoop(t, 50_000, round);
            t.end();
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Blocks of a few paths that repeat irregularly, so that SEQUITUR makes and removes rules. */
    static void probedLoop(ThreadRecorder t, int n, int round) {
        for (int i = 0; i < n; i++) {
            t.block(1);
            t.block(2 + ((i * 31 + round) & 7));
            t.block(12);
        }
    }
}
