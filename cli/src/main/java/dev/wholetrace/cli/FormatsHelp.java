package dev.wholetrace.cli;

import dev.wholetrace.cli.commands.FormatOption;
import dev.wholetrace.report.OutputFormat;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The "Formats:" section of a command's help, listed from the formats the command registered, so
 * that the help cannot name a format the command does not write (or miss one it does).
 */
final class FormatsHelp {
    private static final String SECTION = "formats";

    private FormatsHelp() {}

    /** Adds the section before the footer of {@code command}'s help, if it has formats. */
    static void addTo(CommandLine command) {
        if (!(command.getCommand() instanceof FormatOption.Formatted formatted)) return;
        List<OutputFormat> formats = formatted.formats().formats();
        int width = 0;
        for (OutputFormat f : formats) width = Math.max(width, f.names().length());
        StringBuilder text = new StringBuilder("%nFormats (--format):%n");
        for (int i = 0; i < formats.size(); i++) {
            OutputFormat f = formats.get(i);
            String line = "  " + f.names() + " ".repeat(width - f.names().length() + 2) + f.description()
                    + (i == 0 && !f.description().contains("default") ? " (the default)" : "");
            text.append(line.replace("%", "%%")).append("%n");
        }
        String section = text.toString();
        command.getHelpSectionMap().put(SECTION, help -> help.createHeading(section));
        List<String> keys = new ArrayList<>(command.getHelpSectionKeys());
        keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER_HEADING), SECTION);
        command.setHelpSectionKeys(keys);
    }
}
