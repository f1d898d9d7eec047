package dev.wholetrace.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.bench.DurabilityTrial.Exit;
import dev.wholetrace.bench.DurabilityTrial.Kill;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bench durability's summary from fixed measurements: distributions, the 2 s target, the CSV rows. */
class DurabilityReportTest {
    @Test
    void summarisesEachSettingAgainstTheTarget() {
        List<Kill> kills = new ArrayList<>();
        double[] current = {0.5, 1.9, 1.0};
        double[] old = {0.6, 4.0, 7.5};
        for (int i = 0; i < 3; i++) {
            double at = 2 + i;
            kills.add(new Kill(DurabilityCommand.CURRENT, i + 1, at, at - 0.5, 3, 1_000, 800, 1_000, current[i], i > 0));
            kills.add(new Kill(DurabilityCommand.OLD, i + 1, at, at - 0.5, 0, 16, 0, 1_000, old[i], false));
        }
        List<Exit> exits = List.of(new Exit(DurabilityCommand.CURRENT, 1, 4.0, 0.3, 90_000, 9_000, 5_000),
                new Exit(DurabilityCommand.OLD, 1, 4.0, 3.1, 10_000, 9_500, 5_000));
        DurabilityReport r = new DurabilityReport(ReportFiles.MACHINE, true, 13, 1, 4, 4, 50,
                List.of(DurabilityCommand.CURRENT, DurabilityCommand.OLD), kills, exits, 99, 0.1);
        String md = r.markdown();
        assertThat(md).contains("| current (interval=1000 ms, codec=fast) | 3 | 0.50 | 1.00 | 1.90 | 3 of 3 (met) | 80.0 | 3 | 2 of 3 |");
        assertThat(md).contains("| old (interval=10000 ms, codec=xz) | 3 | 0.60 | 4.00 | 7.50 | 1 of 3 (not met) | 0.0 | 0 | 0 of 3 |");
        assertThat(md).contains("| current (interval=1000 ms, codec=fast) | 1 | 0.30 | 0.30 | 90,000 | 9,000 | 5,000 |");
        assertThat(md).contains("(blocked thread lost)");
        // BEST as it is (a bounded xz search on large payloads since session 42), from the one text that describes it
        assertThat(md).contains("re-packed with `Codec.BEST`: " + dev.wholetrace.format.io.Codec.BEST_DESCRIPTION)
                .doesNotContain("the smaller of zstd -19 and xz -9");
        List<String> csv = r.csv().lines().toList();
        assertThat(csv).hasSize(1 + kills.size() + exits.size());
        assertThat(csv.get(1)).startsWith("kill,current,1000,fast,1,2.00000,1.50000,3,1000,800,1000,0.500000,false,,");
        assertThat(csv.get(csv.size() - 1)).startsWith("exit,old,10000,xz,1,,4.00000,,10000,5000,,,,3.10000,9500");
    }
}
