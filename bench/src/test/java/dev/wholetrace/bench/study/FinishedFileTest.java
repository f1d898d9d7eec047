package dev.wholetrace.bench.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.bench.FinishedFile;
import dev.wholetrace.format.regrammar.FinishedRewrite;
import dev.wholetrace.format.wtrace.StrataLayerLimits;
import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmarks' rewrite of a finished recording (StudyRun, bench strata) says each stratum layer it gave up. */
class FinishedFileTest {
    @TempDir
    Path dir;

    @Test
    void aLayerGivenUpIsSaid() throws Exception {
        Map<Integer, String> blocks = new HashMap<>();
        for (int b = 0; b < 60; b++) blocks.put(b, "b" + b);
        StudyTraces.Body nested = t -> { // inner loops of 1 to 4 blocks under an outer loop: strata that repeat, a layer above them
            Random r = new Random(3);
            for (int outer = 0; outer < 4_000; outer++) {
                int inner = 10 + r.nextInt(20);
                for (int trip = 0; trip < 1 + r.nextInt(4); trip++) {
                    for (int k = 0; k <= outer % 4; k++) t.block(inner + k);
                }
                t.block(59);
            }
        };
        Path file = dir.resolve("nested.wtrace");
        StudyTraces.record(file, TraceMode.STRATA, blocks, Map.of(), List.of(nested));
        List<String> said = new ArrayList<>();
        FinishedRewrite tiny = new FinishedRewrite(0).strataLimits(new StrataLayerLimits(StrataLayerLimits.DEFAULT.maxLayers(), 1024));
        FinishedFile.rewrite(tiny, file, dir.resolve("tiny.wtrace"), said::add);
        assertThat(said).isNotEmpty().allSatisfy(line -> assertThat(line).startsWith("nested.wtrace: chunk ").contains("given up"));
        said.clear();
        FinishedFile.rewrite(new FinishedRewrite(0), file, dir.resolve("default.wtrace"), said::add);
        assertThat(said).isEmpty();
    }
}
