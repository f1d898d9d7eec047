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
        // wrapped at spaces only: picocli's JDK line breaker cut "(.wtrace)", "e.g." and "[--replay=RUN.wtrace]" after the dot
        assertThat(lines).as(String.join(" ", path)).noneMatch(CliHelpExamplesTest::cutInsideAWord);
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

    /** A line that ends where picocli's breaker cut a token: after "(." / " ." / "=NAME." / "e.", or inside "[N,N]". */
    static boolean cutInsideAWord(String line) {
        return line.matches(".*(\\(|\\s|=\\w*|\\be)\\.") || line.matches(".*\\[[^\\] ]*,");
    }

    @Test
    void theCheckForCutWordsCatchesWhatPicocliPrinted() {
        assertThat(List.of("  deps        The dynamic store-to-load dependences of a recorded trace (.",
                "      (more spill to disk). Default 262144:1048576, e.", "  [--max-steps=N] [--replay=RUN.",
                "      --keep=DIR        keep the generated raw traces, .wgr files and the .", "  [--jit-window=LO,HI[,LO,HI...]]... [--procs=N[,"))
                .allMatch(CliHelpExamplesTest::cutInsideAWord);
        assertThat(List.of("Run one of the built-in parallel kernels, plainly or recorded with -o.", "  wholetrace demo",
                "      (more spill to disk). Default 262144:1048576,", "are still recorded, so that the checked code's accesses look unordered."))
                .noneMatch(CliHelpExamplesTest::cutInsideAWord);
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
