package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** The shared {@code --format} option, its deprecated alias {@code --json}, and the help texts. */
class CliFormatTest {
    @TempDir
    static Path dir;

    static String trace;

    @BeforeAll
    static void record() throws Exception {
        trace = Traces.twoThreads(dir.resolve("two.wtrace"), TraceMode.CDR).toString();
    }

    @Test
    void jsonIsTheSameWhicheverWayItIsAskedFor() {
        String json = ok("stats", trace, "--format", "json");
        assertThat(JsonText.object(json.strip())).containsKey("total");
        assertThat(ok("stats", trace, "--json")).isEqualTo(json);
        assertThat(ok("stats", trace, "--format", "JSON")).isEqualTo(json);
        assertThat(ok("stats", trace, "--format", "text")).isEqualTo(ok("stats", trace));
    }

    @Test
    void streamingCommandsWriteJsonLinesUnderEitherName() {
        String lines = ok("dump", trace, "--thread", "1", "--format", "json");
        assertThat(ok("dump", trace, "--thread", "1", "--format", "jsonl")).isEqualTo(lines);
        assertThat(ok("dump", trace, "--thread", "1", "--json")).isEqualTo(lines);
        for (String line : lines.split("\\R")) assertThat(JsonText.object(line)).containsKey("type");
        assertThat(ok("segment", trace, "--thread", "1", "1", "2", "--json")).isEqualTo(ok("segment", trace, "--thread", "1", "1", "2", "--format", "json"));
    }

    @Test
    void contradictoryOrUnknownFormatsAreBadInput() {
        Cli both = Cli.run("stats", trace, "--json", "--format", "text");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.errLines()).singleElement().asString().contains("--json", "--format text");
        Cli unknown = Cli.run("stats", trace, "--format", "xml");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.errLines()).singleElement().asString().contains("unknown stats format 'xml' (text, json, jsonl)");
        Cli export = Cli.run("export", trace, "--format", "json");
        assertThat(export.exit()).isEqualTo(2);
        assertThat(export.errLines()).singleElement().asString().contains("unknown export format 'json' (std, chrome, perfetto)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "races", "dump", "segment", "export"})
    void helpListsTheFormatsOfTheCommand(String command) {
        String help = ok(command, "--help");
        assertThat(help).contains("--format=FORMAT", "Formats (--format):", "Examples:");
        if (command.equals("export")) {
            assertThat(help).contains("  std ").doesNotContain("--json");
        } else {
            assertThat(help).contains("  text ", "  json (or jsonl) ", "--json", "deprecated");
        }
    }

    /**
     * The brief's rule for every command, checked on all of them (tx's included) so that a new
     * command cannot forget it: a --format option for machine-readable output, and examples.
     */
    @Test
    void everyCommandHasAFormatOptionAndExamples() {
        CommandLine cl = new CommandLine(new Main());
        List<String> missing = new java.util.ArrayList<>();
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) check(e.getKey(), e.getValue(), missing);
        assertThat(missing).as("commands without --format or examples").isEmpty();
    }

    private static void check(String name, CommandLine command, List<String> missing) {
        if (command.getCommand() instanceof CommandLine.HelpCommand) return; // picocli's own
        if (!command.getSubcommands().isEmpty()) {
            for (Map.Entry<String, CommandLine> e : command.getSubcommands().entrySet()) check(name + " " + e.getKey(), e.getValue(), missing);
            return;
        }
        String help = ok((name + " --help").split(" "));
        if (!help.contains("--format=") || !help.contains("Examples:")) missing.add(name);
    }

    @Test
    void summariesOfCommandsThatMakeFilesAreJsonWhenAsked() throws Exception {
        Path raw = dir.resolve("loop.u32");
        byte[] bytes = new byte[4 * 3000];
        for (int i = 0; i < 3000; i++) bytes[4 * i] = (byte) (i % 5);
        java.nio.file.Files.write(raw, bytes);
        Path wgr = dir.resolve("loop.wgr");
        Map<String, Object> compressed = JsonText.object(ok("compress", raw.toString(), "--input", "u32", "-o", wgr.toString(), "--format", "json").strip());
        assertThat(compressed).containsEntry("records", 3000L).containsEntry("inputBytes", (long) bytes.length);
        assertThat(((Number) compressed.get("outputBytes")).longValue()).isEqualTo(java.nio.file.Files.size(wgr));
        Map<String, Object> expanded = JsonText.object(ok("expand", wgr.toString(), "-o", dir.resolve("back.u32").toString(), "--format", "json").strip());
        assertThat(expanded).containsEntry("records", 3000L).containsEntry("outputBytes", (long) bytes.length).containsEntry("complete", true);
        Map<String, Object> repacked = JsonText.object(ok("recompress", trace, "-o", dir.resolve("re.wtrace").toString(), "--format", "json").strip());
        assertThat(repacked).containsEntry("kind", "trace").containsEntry("complete", true);
        assertThat(((Number) repacked.get("outputBytes")).longValue()).isEqualTo(java.nio.file.Files.size(dir.resolve("re.wtrace")));
        Cli toStdout = Cli.run("expand", wgr.toString(), "-o", "-", "--format", "json");
        assertThat(toStdout.exit()).isEqualTo(2);
        assertThat(toStdout.errLines()).singleElement().asString().contains("with -o - standard output is the trace itself");
    }

    @Test
    void theReportIsAlsoOneJsonDocument() {
        Map<String, Object> report = JsonText.object(ok("report", trace, "--format", "json", "--deps").strip());
        assertThat(report).containsKeys("summary", "charts", "races", "hot", "phases", "deps");
        assertThat(JsonText.at(report, "deps.total")).isEqualTo(JsonText.at(JsonText.object(ok("deps", trace, "--format", "json").strip()), "total"));
        assertThat(JsonText.at(report, "phases.threads")).isEqualTo(JsonText.at(JsonText.object(ok("phases", trace, "--format", "json").strip()), "threads"));
        @SuppressWarnings("unchecked") Map<String, Object> summary = (Map<String, Object>) report.get("summary");
        assertThat(summary).containsEntry("mode", "cdr").containsEntry("threads", 2L);
        @SuppressWarnings("unchecked") Map<String, Object> races = (Map<String, Object>) report.get("races");
        assertThat(races).containsKeys("races", "summary"); // as 'races --format json'
        assertThat(ok("report", trace, "--format", "html")).startsWith("<!DOCTYPE html>");
    }

    /**
     * Picocli prints each description element on a line of its own and wraps only within one, so a
     * sentence split over elements breaks the help at a fixed place whatever the terminal's width.
     * Every element is a list item (indented), a blank line, or ends a sentence or introduces a list.
     */
    @Test
    void noDescriptionBreaksASentence() {
        CommandLine cl = new CommandLine(new Main());
        assertThat(cl.getCommandSpec().usageMessage().autoWidth()).isTrue();
        for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
            if (e.getValue().getCommand() instanceof CommandLine.HelpCommand) continue; // picocli's own
            List<String> lines = List.of(e.getValue().getCommandSpec().usageMessage().description());
            for (String line : lines) {
                if (line.isEmpty() || Character.isWhitespace(line.charAt(0))) continue;
                assertThat(line).as(e.getKey() + " --help").matches("(?s).*[.:)]$");
            }
        }
    }

    private static String ok(String... args) {
        Cli r = Cli.run(args);
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.err()).as(r.toString()).isEmpty();
        return r.out();
    }
}
