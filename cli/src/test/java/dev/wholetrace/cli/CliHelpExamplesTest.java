package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Off a terminal (as here: 80 columns), every command's help prints each example line whole, the prose still wrapped. */
class CliHelpExamplesTest {

    @Test
    void everyExampleLineOfEveryCommandsHelpIsPrintedWhole() {
        List<String> checked = new ArrayList<>();
        check(new CommandLine(new Main()), List.of(), checked);
        assertThat(checked).contains("record", "simulate", "tx run");
    }

    private static void check(CommandLine command, List<String> path, List<String> checked) {
        List<String> args = new ArrayList<>(path);
        args.add("--help");
        Cli help = Cli.run(args);
        assertThat(help.exit()).as(help.toString()).isZero();
        List<String> lines = help.out().lines().toList();
        for (String example : command.getCommandSpec().usageMessage().footer()) {
            if (!ExamplesHelp.isExample(example)) continue;
            assertThat(lines).as(String.join(" ", path)).contains(String.format(example));
        }
        checked.add(String.join(" ", path));
        for (var sub : command.getSubcommands().entrySet()) {
            if (sub.getKey().equals("help")) continue;
            List<String> subPath = new ArrayList<>(path);
            subPath.add(sub.getKey());
            check(sub.getValue(), subPath, checked);
        }
    }

    @Test
    void proseInTheFooterStillWrapsAtEightyColumns() {
        // the root help's exit-code paragraph is longer than 80 columns
        Cli help = Cli.run("--help");
        assertThat(help.out()).contains("Exit codes: 0 success;");
        assertThat(help.out()).doesNotContain("Exit codes: 0 success; 1 a file or standard output could not be written (disk full");
        assertThat(help.out().lines().filter(l -> l.length() > 80)).allSatisfy(l -> assertThat(ExamplesHelp.isExample(l)).as(l).isTrue());
    }
}
