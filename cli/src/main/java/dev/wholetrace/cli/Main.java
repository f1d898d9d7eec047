package dev.wholetrace.cli;

import dev.wholetrace.cli.commands.CompressCommand;
import dev.wholetrace.cli.commands.DemoCommand;
import dev.wholetrace.cli.commands.DumpCommand;
import dev.wholetrace.cli.commands.ExpandCommand;
import dev.wholetrace.cli.commands.ExportCommand;
import dev.wholetrace.cli.commands.GrammarCommand;
import dev.wholetrace.cli.commands.RacesCommand;
import dev.wholetrace.cli.commands.RecordCommand;
import dev.wholetrace.cli.commands.SegmentCommand;
import dev.wholetrace.cli.commands.StatsCommand;
import dev.wholetrace.cli.commands.VerifyCommand;
import dev.wholetrace.cli.commands.WorkloadCommand;
import dev.wholetrace.format.io.FormatException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code wholetrace} command line. */
@Command(
        name = "wholetrace",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        versionProvider = Main.Version.class,
        description = "Record, compress and analyse whole executions of JVM programs.",
        subcommands = {DemoCommand.class, WorkloadCommand.class, RecordCommand.class, CompressCommand.class, ExpandCommand.class, GrammarCommand.class,
                StatsCommand.class, DumpCommand.class, SegmentCommand.class, RacesCommand.class, ExportCommand.class, VerifyCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Exit codes: 0 success, 1 internal error, 2 bad input or usage.",
                "Benchmarks: ./wholetrace bench --help (runs bench/run)."})
public final class Main implements Runnable {
    /** Exit code for bad input: unknown format, truncated or corrupted file, wrong usage. */
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (try --help)");
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line; returns the exit code. Used by tests as well. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        // Help wraps to the terminal (80 columns when there is none): the annotation sets it for the
        // root only, this for the subcommands as well.
        cl.setUsageHelpAutoWidth(true);
        for (CommandLine sub : cl.getSubcommands().values()) FormatsHelp.addTo(sub);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("wholetrace: " + ex.getMessage() + " (see 'wholetrace " + commandPath(ex.getCommandLine()) + "--help')");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println("wholetrace: " + describe(ex));
            return isBadInput(ex) ? BAD_INPUT : 1;
        });
        return cl.execute(args);
    }

    private static String commandPath(CommandLine cl) {
        String path = cl.getCommandSpec().qualifiedName(" ");
        path = path.startsWith("wholetrace") ? path.substring("wholetrace".length()).trim() : path;
        return path.isEmpty() ? "" : path + " ";
    }

    private static boolean isBadInput(Exception ex) {
        return ex instanceof FormatException || ex instanceof NoSuchFileException || ex instanceof FileNotFoundException
                || ex instanceof IllegalArgumentException;
    }

    private static String describe(Exception ex) {
        if (ex instanceof NoSuchFileException e) return e.getFile() + ": no such file";
        if (ex instanceof java.nio.file.AccessDeniedException e) return e.getFile() + ": permission denied";
        if (ex instanceof FormatException || ex instanceof IllegalArgumentException) return ex.getMessage();
        if (ex instanceof IOException) return "I/O error: " + ex.getMessage();
        return "internal error: " + ex + " (please report it)";
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"wholetrace " + (v == null ? "development build" : v)};
        }
    }
}
