package dev.wholetrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.analysis.stats.StatsAnalysis;
import java.util.HashSet;
import java.util.NoSuchElementException;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The registry: unique names, one-line descriptions, lookup by name. */
class AnalysesTest {
    @Test
    void everyAnalysisHasAUniqueNameAndAOneLineDescription() {
        Set<String> names = new HashSet<>();
        for (TraceAnalysis<?> a : Analyses.all()) {
            assertThat(names.add(a.name())).as("name %s is unique", a.name()).isTrue();
            assertThat(a.name()).matches("[a-z][a-z-]*");
            assertThat(a.description()).isNotBlank().doesNotContain("\n");
            assertThat(Analyses.named(a.name())).isSameAs(a);
        }
        assertThat(names).contains("stats", "races", "std", "raw-streams");
        assertThat(Analyses.named("stats")).isInstanceOf(StatsAnalysis.class);
        assertThatThrownBy(() -> Analyses.named("nope")).isInstanceOf(NoSuchElementException.class);
    }
}
