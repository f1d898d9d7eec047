package dev.wholetrace.cli.commands;

import dev.wholetrace.report.FormatRegistry;
import dev.wholetrace.report.OutputFormat;
import picocli.CommandLine.Option;

/**
 * The {@code --format} option every command that writes a machine-readable format shares (as a
 * picocli mixin). The command's {@link FormatRegistry} says which names are valid; Main lists them
 * in the command's help under "Formats".
 */
public class FormatOption {
    @Option(names = "--format", paramLabel = "FORMAT", description = "the output format: one of the Formats listed below")
    String name;

    /** The format asked for, looked up in the command's formats (the default when none was given). */
    public OutputFormat resolve(FormatRegistry<?> formats) {
        return formats.parse(name);
    }

    /**
     * The format asked for where a deprecated flag ({@code flag}, given when {@code flagGiven}) still
     * stands for format {@code alias}: the flag and a {@code --format} naming another format contradict.
     */
    public OutputFormat resolve(FormatRegistry<?> formats, boolean flagGiven, String flag, OutputFormat alias) {
        if (flagGiven && name != null && !alias.isNamed(name)) {
            throw new IllegalArgumentException(flag + " and --format " + name + " ask for different formats");
        }
        return flagGiven ? formats.parse(alias.name()) : formats.parse(name);
    }

    /** A command with formats: Main lists them in its help. */
    public interface Formatted {
        FormatRegistry<?> formats();
    }

    /** {@code --format} and, for the commands that had it, {@code --json}: deprecated, kept for one release. */
    public static final class WithJsonAlias extends FormatOption {
        @Option(names = "--json", description = "deprecated alias of --format json (removed after the next release)")
        boolean json;

        @Override
        public OutputFormat resolve(FormatRegistry<?> formats) {
            return resolve(formats, json, "--json", OutputFormat.JSON);
        }
    }
}
