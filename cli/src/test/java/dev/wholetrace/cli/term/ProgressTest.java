package dev.wholetrace.cli.term;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress line: drawn only on a terminal, throttled, cleared at the end. */
class ProgressTest {
    @Test
    void aPhasedJobDrawsItsPhaseCountsAndPercentThenClearsTheLine() {
        StringWriter text = new StringWriter();
        long[] now = {1_000_000_000L};
        try (Progress p = new Progress(new PrintWriter(text), "races run.wtrace", 0, true, () -> now[0])) {
            p.at("comparing", 3_000_000, 12_000_000);
            now[0] += 100_000_000L;
            p.at("comparing", 6_000_000, 12_000_000); // within 200 ms of the last: not drawn
            now[0] += 150_000_000L;
            p.at("comparing", 9_000_000, 12_000_000);
        }
        assertThat(text.toString()).isEqualTo("\rraces run.wtrace: comparing 3000.0 k of 12.0 M (25%)\033[K"
                + "\rraces run.wtrace: comparing 9000.0 k of 12.0 M (75%)\033[K\r\033[K");
    }

    /**
     * The throttle skips reports within a phase, never a phase's first or its last: the line may
     * stay for a long while on the last report drawn (a merge reads its chunks quickly, builds a
     * thread's grammar slowly, then packs its chunk for seconds), and a skipped phase change left
     * it on the phase before ("merging threads 3 of 5" while the chunk was being packed).
     */
    @Test
    void aPhasesFirstAndLastReportsAreDrawnWithinTheThrottle() {
        StringWriter text = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(text), "merging run.wtrace", 0, true, () -> 1_000_000_000L)) { // the clock stands still
            p.at("reading chunks", 1, 3);
            p.at("reading chunks", 2, 3); // throttled
            p.at("reading chunks", 3, 3);
            p.at("merging threads", 1, 2);
            p.at("packing the merged chunk", 0, 1);
            p.at("packing the merged chunk", 1, 1);
        }
        assertThat(text.toString()).isEqualTo("\rmerging run.wtrace: reading chunks 1 of 3 (33%)\033[K"
                + "\rmerging run.wtrace: reading chunks 3 of 3 (100%)\033[K"
                + "\rmerging run.wtrace: merging threads 1 of 2 (50%)\033[K"
                + "\rmerging run.wtrace: packing the merged chunk 0 of 1 (0%)\033[K"
                + "\rmerging run.wtrace: packing the merged chunk 1 of 1 (100%)\033[K\r\033[K");
    }

    /** A job of steps (the report's sections): each step drawn at once, the phases reported within it after its name. */
    @Test
    void aJobOfStepsDrawsEachStepAndThePhasesWithinIt() {
        StringWriter text = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(text), "report run.wtrace", 0, true, () -> 1_000_000_000L)) { // the clock stands still
            p.step("counting events and bytes", 0, 0);
            p.step("sequence chart", 1, 7);
            p.step("races", 2, 7);
            p.at("comparing", 1, 4);
            p.at("comparing", 2, 4); // throttled
            p.step("hot methods and paths", 3, 7);
        }
        assertThat(text.toString()).isEqualTo("\rreport run.wtrace: counting events and bytes\033[K"
                + "\rreport run.wtrace: sequence chart (1 of 7)\033[K"
                + "\rreport run.wtrace: races (2 of 7)\033[K"
                + "\rreport run.wtrace: races: comparing 1 of 4 (25%)\033[K"
                + "\rreport run.wtrace: hot methods and paths (3 of 7)\033[K\r\033[K");
    }

    @Test
    void notOnATerminalNothingIsWritten() {
        StringWriter text = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(text), "races run.wtrace", 0, false, System::nanoTime)) {
            p.at("happens-before", 1, 2);
            p.step("races", 2, 7);
            p.accept(10);
        }
        assertThat(text.toString()).isEmpty();
    }
}
