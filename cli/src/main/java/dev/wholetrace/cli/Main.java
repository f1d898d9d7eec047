package dev.wholetrace.cli;

import dev.wholetrace.cli.commands.CompressCommand;
import dev.wholetrace.cli.commands.DemoCommand;
import dev.wholetrace.cli.commands.DepsCommand;
import dev.wholetrace.cli.commands.DumpCommand;
import dev.wholetrace.cli.commands.ExpandCommand;
import dev.wholetrace.cli.commands.ExportCommand;
import dev.wholetrace.cli.commands.ReportCommand;
import dev.wholetrace.cli.commands.GrammarCommand;
import dev.wholetrace.cli.commands.CalibrateCommand;
import dev.wholetrace.cli.commands.GraphCommand;
import dev.wholetrace.cli.commands.SimulateCommand;
import dev.wholetrace.cli.commands.HotCommand;
import dev.wholetrace.cli.commands.PhasesCommand;
import dev.wholetrace.cli.commands.RacesCommand;
import dev.wholetrace.cli.commands.tx.TxCommand;
import dev.wholetrace.cli.commands.RecompressCommand;
import dev.wholetrace.cli.commands.RecordCommand;
import dev.wholetrace.cli.commands.SegmentCommand;
import dev.wholetrace.cli.commands.StatsCommand;
import dev.wholetrace.cli.commands.StrataCommand;
import dev.wholetrace.cli.commands.VerifyCommand;
import dev.wholetrace.cli.commands.WorkloadCommand;
import dev.wholetrace.cli.io.CheckedOutputStream;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.util.Text;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
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
                StatsCommand.class, DumpCommand.class, SegmentCommand.class, RacesCommand.class, DepsCommand.class, HotCommand.class, StrataCommand.class, PhasesCommand.class, ExportCommand.class, ReportCommand.class, RecompressCommand.class, VerifyCommand.class,
                TxCommand.class,
                GraphCommand.class, SimulateCommand.class, CalibrateCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Exit codes: 0 success; 1 a file or standard output could not be written (disk full, I/O error), "
                    + "or an internal error; 2 bad input or usage (one line on stderr); 3 out of memory (the command needed "
                    + "more than the heap budget); 141 standard output was closed by its reader (as '| head' does). "
                    + "record and workload exit with the program's own code (128+N if signal N killed it).",
                "",
                "Memory: the launcher runs commands with a 512 MB heap budget; WHOLETRACE_MEMORY=2g or "
                    + "'wholetrace --memory 2g COMMAND ...' raise it, JAVA_OPTS replaces the launcher's JVM options.",
                "Files: an output file is written beside its target and renamed into place; an existing file is "
                    + "replaced only with --force, a directory, a device or the command's own input never (docs/cli.md).",
                "",
                "Examples:",
                "  wholetrace demo",
                "  wholetrace --memory 2g stats big.wtrace",
                "",
                "Benchmarks: ./wholetrace bench --help (runs bench/run)."})
public final class Main implements Runnable {
    /** Exit code when a file or standard output could not be written (and for internal errors). */
    public static final int IO_ERROR = 1;
    /** Exit code for bad input: unknown format, truncated or corrupted file, wrong usage. */
    public static final int BAD_INPUT = 2;
    /** Exit code when a command needed more heap than its budget. */
    public static final int OUT_OF_MEMORY = 3;
    /** Exit code when standard output's reader went away: what a shell reports for a tool SIGPIPE ended. */
    public static final int BROKEN_PIPE = 141;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (try --help)");
    }

    public static void main(String[] args) {
        // Standard output through a stream that keeps its first error: PrintStream and PrintWriter
        // swallow them, and a command whose output was lost must not exit 0.
        CheckedOutputStream stdout = new CheckedOutputStream(new FileOutputStream(FileDescriptor.out));
        System.setOut(new PrintStream(new BufferedOutputStream(stdout, 1 << 16), false, Charset.defaultCharset()));
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError) { // in a worker thread: the command cannot finish
                reportOutOfMemory(args, err);
                System.exit(OUT_OF_MEMORY); // runs the hooks that remove a half-written output file
            }
            e.printStackTrace();
        });
        int code = execute(args, out, err);
        out.flush();
        System.out.flush();
        System.exit(checkStdout(code, stdout, err));
    }

    /** The exit code once standard output is flushed: a write error there makes a success a failure. */
    static int checkStdout(int code, CheckedOutputStream stdout, PrintWriter err) {
        IOException e = stdout.error();
        if (e == null) return code;
        if (stdout.brokenPipe()) return code == 0 ? BROKEN_PIPE : code; // the reader chose to stop: nothing to say
        err.println("wholetrace: cannot write standard output: " + e.getMessage());
        err.flush();
        return code == 0 ? IO_ERROR : code;
    }

    /** Runs one command line; returns the exit code. Used by tests as well. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        try {
            return run(args, out, err);
        } catch (OutOfMemoryError e) {
            // What the command held is unreachable now that its frames are gone: there is room to print.
            reportOutOfMemory(args, err);
            return OUT_OF_MEMORY;
        }
    }

    /** The one line that says which memory budget the command exceeded and how to raise it. */
    private static void reportOutOfMemory(String[] args, PrintWriter err) {
        err.println("wholetrace: " + MemoryBudget.ofThisJvm().exceeded(commandName(args)));
        err.flush();
    }

    private static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Main());
        // Help wraps to the terminal (80 columns when there is none): the annotation sets it for the
        // root only, this for the subcommands as well.
        cl.setUsageHelpAutoWidth(true);
        for (CommandLine sub : cl.getSubcommands().values()) FormatsHelp.addTo(sub);
        ExamplesHelp.addTo(cl);
        WordWrapHelp.addTo(cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("wholetrace: " + ex.getMessage() + " (see 'wholetrace " + commandPath(ex.getCommandLine()) + "--help')");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println("wholetrace: " + Text.oneLine(describe(ex)));
            return isBadInput(ex) ? BAD_INPUT : IO_ERROR;
        });
        String unknown = unknownCommand(cl, args);
        if (unknown != null) {
            err.println("wholetrace: unknown command '" + unknown + "' (the commands are " + String.join(", ", cl.getSubcommands().keySet())
                    + "; see 'wholetrace --help')");
            return BAD_INPUT;
        }
        return cl.execute(args);
    }

    /**
     * The first argument when it is not an option and names no command: picocli would print the
     * root help for {@code nosuch --help} and exit 0, and a script would take the word for a command.
     */
    private static String unknownCommand(CommandLine cl, String[] args) {
        if (args.length == 0 || args[0].startsWith("-") || cl.getSubcommands().containsKey(args[0])) return null;
        return args[0];
    }

    /** The command a command line runs, for messages ("wholetrace" when there is none). */
    static String commandName(String[] args) {
        for (String a : args) if (!a.startsWith("-")) return a;
        return "wholetrace";
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
        if (ex instanceof java.io.UncheckedIOException) return "I/O error: " + ex.getMessage(); // a piece read again from the file
        return "internal error: " + ex + " (please report it)";
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"wholetrace " + version()};
        }
    }

    /** This build's version (the jar manifest's), or "development build" when run from classes. */
    public static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "development build" : v;
    }
}
