package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.PackagedAgent;
import dev.wholetrace.analysis.dataflow.ProgramBytecode;
import dev.wholetrace.analysis.std.StdHbChecker;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.workloads.races.RaceSuite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The labelled suite (dev.wholetrace.workloads.races), each program recorded under the agent
 * ({@link dev.wholetrace.analysis.PackagedAgent}: the packaged jar, refused when older than the
 * classes it should hold, as after {@code -am test} without {@code package}): no race on any -no
 * program, exactly the labelled variables on every -yes program, and each labelled artifact
 * reported as an artifact of its first race.
 */
class RaceSuiteTest {
    static final Path AGENT = PackagedAgent.jar();

    @TempDir
    static Path dir;

    /** Every program that runs on this JDK; {@code -Drace.suite.only=REGEX} picks programs by simple name, for a quick check. */
    static Stream<Class<?>> programs() {
        java.util.regex.Pattern only = java.util.regex.Pattern.compile(System.getProperty("race.suite.only", ".*"));
        return RaceSuite.PROGRAMS.stream().filter(RaceSuite::runsHere).filter(p -> only.matcher(p.getSimpleName()).matches());
    }

    /**
     * Whether the STD export may hide this program's race on some schedules: STD writes a release or
     * an acquire as a lock's acq+rel, which orders an earlier acquire before a later release of the
     * same object (docs/races.md, "Approximations"). A CompletableFuture's dependent is acquired and
     * released by several threads (its registration, the loser of a tryFire, the executor that runs it),
     * so on some schedules the export orders the two sides of the race (CompletableFutureEitherYes
     * failed CI that way). There the export must still invent no pair; everywhere else it must show
     * exactly the detector's.
     */
    static boolean stdMayHide(Class<?> program) {
        return program.getSimpleName().startsWith("CompletableFuture");
    }

    /** Records one program in CDR mode and reads the trace back. */
    static ParallelTrace record(Class<?> program) throws Exception {
        Path trace = dir.resolve(program.getSimpleName() + ".wtrace");
        Path err = dir.resolve(program.getSimpleName() + ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-javaagent:" + AGENT + "=out=" + trace + ",mode=cdr,include=dev.wholetrace.workloads.races.*",
                "-cp", System.getProperty("java.class.path"), program.getName())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(program.getSimpleName() + " finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
        return ParallelTrace.open(trace);
    }

    /**
     * "Class.field" for a field, "Class.field[]" for an element of an array loaded from that field,
     * "ArrayList.<contents>" for a collection's contents (also when the field it came from is known).
     */
    static String variable(RaceReport.Side s) {
        String t = s.target();
        int colon = t.indexOf(':');
        if (colon < 0) return t;
        return t.endsWith(dev.wholetrace.model.event.HeapAccess.CONTENTS) ? t.substring(colon + 1) : t.substring(0, colon) + "[]";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void findsExactlyTheLabelledRaces(Class<?> program) throws Exception {
        ParallelTrace trace = record(program);
        RaceDetector.Result result = RaceDetector.detect(trace, false);
        // the compressed-trace detector and the independent vector-clock replay agree on every pair and count
        Map<ReferenceRaceDetector.InstructionPair, Long> counts = new TreeMap<>(java.util.Comparator
                .comparingInt(ReferenceRaceDetector.InstructionPair::first).thenComparingInt(ReferenceRaceDetector.InstructionPair::second));
        for (Race r : result.races()) counts.put(ReferenceRaceDetector.InstructionPair.of(r.a(), r.b()), r.count());
        assertThat(counts).isEqualTo(ReferenceRaceDetector.detect(trace).counts());
        // and the uncompressed baseline of bench races finds the same pairs
        Set<String> pairs = new TreeSet<>();
        for (Race r : result.races()) pairs.add(r.a() + ":" + r.b());
        assertThat(VectorClockDetector.detect(trace).pairs()).isEqualTo(pairs);
        // the STD export, replayed by the tests' own happens-before checker: a well-formed lock trace with the same pairs
        StdHbChecker.Result std = StdHbChecker.check(trace);
        assertThat(std.violations()).as("STD well-formed").isEmpty();
        if (stdMayHide(program)) assertThat(pairs).as("STD pairs: it invents none").containsAll(std.pairs());
        else assertThat(std.pairs()).as("STD pairs").isEqualTo(pairs);
        RaceReport report;
        try (ProgramBytecode bytecode = ProgramBytecode.of(trace.properties(), List.of())) {
            report = RaceReport.of(trace, result, bytecode);
        }
        assertThat(report.note()).as("the program's bytecode was found").isNull();
        Set<String> found = new TreeSet<>();
        for (RaceReport.Finding f : report.findings()) {
            found.add(variable(f.a()));
            found.add(variable(f.b()));
        }
        assertThat(found).as(describe(report)).isEqualTo(new TreeSet<>(RaceSuite.races(program)));

        Map<String, String> expectedArtifacts = new TreeMap<>(RaceSuite.artifacts(program));
        Map<String, String> artifacts = new TreeMap<>();
        for (RaceReport.Finding f : report.findings()) {
            if (f.artifactOf() == null) continue;
            RaceReport.Finding root = f;
            while (root.artifactOf() != null) root = report.findings().get(root.artifactOf());
            artifacts.put(variable(f.a()), variable(root.a()));
        }
        assertThat(artifacts).as(describe(report)).isEqualTo(expectedArtifacts);
    }

    private static String describe(RaceReport r) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < r.findings().size(); i++) {
            RaceReport.Finding f = r.findings().get(i);
            lines.add("#" + i + " " + f.a().access() + " " + f.a().target() + " @" + f.a().method() + ":" + f.a().line() + " / " + f.b().access()
                    + " " + f.b().target() + " @" + f.b().method() + ":" + f.b().line() + " x" + f.count()
                    + (f.artifactOf() != null ? " artifact of #" + f.artifactOf() : ""));
        }
        return String.join("\n", lines);
    }
}
