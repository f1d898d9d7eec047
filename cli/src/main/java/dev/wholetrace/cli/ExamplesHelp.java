package dev.wholetrace.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * A help footer whose indented lines (the examples) are printed as written, never wrapped: picocli
 * wraps the footer to the help's width (80 columns off a terminal), which broke example command
 * lines inside class names and paths, so a reader could not paste them. The prose between them
 * still wraps.
 */
final class ExamplesHelp {
    private ExamplesHelp() {}

    /** Renders the footer of {@code command} and of its subcommands (to any depth) this way. */
    static void addTo(CommandLine command) {
        command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, ExamplesHelp::footer);
        for (CommandLine sub : command.getSubcommands().values()) addTo(sub);
    }

    /** The footer: runs of prose wrapped to the help's width, each example line kept whole. */
    static String footer(Help help) {
        UsageMessageSpec usage = help.commandSpec().usageMessage();
        StringBuilder out = new StringBuilder();
        List<String> prose = new ArrayList<>();
        for (String line : usage.footer()) {
            if (!isExample(line)) {
                prose.add(line);
                continue;
            }
            wrap(prose, help, usage, out);
            // the same formatting picocli gives a footer line (%n, %%), without its wrapping
            out.append(help.colorScheme().ansi().new Text(String.format(line), help.colorScheme())).append(System.lineSeparator());
        }
        wrap(prose, help, usage, out);
        return out.toString();
    }

    /** An example: a line indented by spaces, then a command (prose and headings start at column 0). */
    static boolean isExample(String line) {
        return line.startsWith("  ") && !line.isBlank();
    }

    private static void wrap(List<String> prose, Help help, UsageMessageSpec usage, StringBuilder out) {
        if (prose.isEmpty()) return;
        out.append(WordWrapHelp.join(help, prose.toArray(String[]::new)));
        prose.clear();
    }
}
