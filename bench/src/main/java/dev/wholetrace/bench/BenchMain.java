package dev.wholetrace.bench;

import dev.wholetrace.bench.races.RacesCommand;
import dev.wholetrace.bench.study.CompressionCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code wholetrace-bench.jar}: benchmark harness subcommands. */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        version = "wholetrace-bench 0.1.0-SNAPSHOT",
        description = "Wholetrace benchmarks.",
        subcommands = {CompressorCommand.class, GrammarsCommand.class, TraceCommand.class, OverheadCommand.class, DurabilityCommand.class, CompressionCommand.class, RacesCommand.class, StrataBenchCommand.class, TimelineBenchCommand.class, EwppBenchCommand.class, ExtrapolationBenchCommand.class, JmhCommand.class, CommandLine.HelpCommand.class})
public final class BenchMain implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(commandLine().execute(args));
    }

    /**
     * The bench's command line: an option a command rejects ({@code IllegalArgumentException}, as
     * {@code --reps 0}) is one line and exit 2, as picocli's own usage errors are; anything else
     * keeps its stack trace, since a benchmark that fails midway needs it.
     */
    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new BenchMain());
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            if (!(e instanceof IllegalArgumentException)) throw e;
            line.getErr().println("bench " + line.getCommandName() + ": " + e.getMessage());
            return 2;
        });
        return cli;
    }
}
