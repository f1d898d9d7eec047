package dev.wholetrace.cli.commands;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.workloads.kernels.Kernels;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The CLI's copy of the kernels' names and smallest sizes agrees with the workloads'. */
class KernelRangeTest {
    @Test
    void agreesWithTheWorkloadsKernels() {
        assertThat(Arrays.stream(KernelRange.values()).map(KernelRange::label))
                .containsExactlyElementsOf(Arrays.stream(Kernels.values()).map(Kernels::label).toList());
        for (Kernels k : Kernels.values()) {
            KernelRange r = KernelRange.byName(k.label());
            assertThat(r.minSize).as(k.label()).isEqualTo(k.minSize);
            assertThat(r.maxSize).as(k.label()).isGreaterThanOrEqualTo(k.defaultSize);
            assertThat(r.unit).as(k.label()).isEqualTo(k.sizeUnit);
        }
    }
}
