package dev.wholetrace.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Help whose prose wraps at spaces only. Picocli wraps with the JDK's line {@code BreakIterator},
 * which breaks after a full stop followed by a letter: {@code --help} printed "a recorded trace (."
 * with "wtrace)" on the next line, "e." / "g." and "the ." / "u32 files". Here every wrapped table
 * cell (the command list, option and parameter descriptions, description and footer paragraphs) is
 * cut into lines at spaces before picocli sees it, so picocli never has to wrap; a word longer than
 * the column is cut at the column's edge.
 */
final class WordWrapHelp extends Help {

    WordWrapHelp(CommandSpec spec, ColorScheme scheme) {
        super(spec, scheme);
    }

    /** Makes {@code command} and all its subcommands render help this way. */
    static void addTo(CommandLine command) {
        command.setHelpFactory(WordWrapHelp::new); // picocli applies it to the whole tree below
        addDescriptions(command);
    }

    /** The description section of {@code command} and of its subcommands, to any depth. */
    private static void addDescriptions(CommandLine command) {
        command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_DESCRIPTION,
                help -> join(help, help.commandSpec().usageMessage().description()));
        for (CommandLine sub : command.getSubcommands().values()) addDescriptions(sub);
    }

    /** The command list: picocli's layout (names, then each command's first header or description line), word-wrapped. */
    @Override
    public String commandList(Map<String, Help> subcommands) {
        if (subcommands.isEmpty()) return "";
        int width = commandSpec().usageMessage().width();
        int names = Math.min(subcommands.keySet().stream().mapToInt(String::length).max().orElse(0), width / 2);
        TextTable table = WordWrapTable.of(TextTable.forColumns(colorScheme(), new Column(names + 2, 2, Column.Overflow.SPAN),
                new Column(width - (names + 2), 2, Column.Overflow.WRAP)), colorScheme());
        table.setAdjustLineBreaksForWideCJKCharacters(commandSpec().usageMessage().adjustLineBreaksForWideCJKCharacters());
        for (Help sub : subcommands.values()) {
            UsageMessageSpec usage = sub.commandSpec().usageMessage();
            String first = usage.header().length > 0 ? usage.header()[0] : usage.description().length > 0 ? usage.description()[0] : "";
            Text[] lines = colorScheme().text(String.format(first)).splitLines();
            for (int i = 0; i < lines.length; i++) table.addRowValues(i == 0 ? sub.commandNamesText(", ") : colorScheme().text(""), lines[i]);
        }
        return table.toString();
    }

    /**
     * The synopsis as picocli lays it out (the command name after the heading, wrapped lines indented
     * to the first option, or by {@code synopsisIndent} past the auto-indent threshold), word-wrapped:
     * picocli broke {@code [--replay=RUN.wtrace]} after "RUN.".
     */
    @Override
    protected String insertSynopsisCommandName(int headingLength, Text optionText) {
        UsageMessageSpec usage = commandSpec().usageMessage();
        int width = usage.width();
        String name = commandSpec().qualifiedName();
        int indent = headingLength + name.length() + 1;
        if (indent > usage.synopsisAutoIndentThreshold() * width) {
            indent = usage.synopsisIndent() < 0 ? headingLength : Math.min(usage.synopsisIndent(), (int) (0.9 * width));
        }
        TextTable table = WordWrapTable.of(TextTable.forColumnWidths(colorScheme(), width), colorScheme());
        table.setAdjustLineBreaksForWideCJKCharacters(usage.adjustLineBreaksForWideCJKCharacters());
        table.indentWrappedLines = indent;
        // the heading is printed before this text: a placeholder of its length keeps the first line's room right
        Text heading = colorScheme().text("X".repeat(headingLength));
        table.addRowValues(heading.concat(colorScheme().commandText(name)).concat(optionText));
        return table.toString().substring(headingLength);
    }

    /** The options' and parameters' table. */
    @Override
    public Layout createDefaultLayout(List<OptionSpec> options, List<PositionalParamSpec> positionals, ColorScheme scheme) {
        Layout layout = super.createDefaultLayout(options, positionals, scheme);
        return new Layout(scheme, WordWrapTable.of(layout.textTable(), scheme), layout.optionRenderer(), layout.parameterRenderer());
    }

    /**
     * Paragraphs wrapped to the help's width, as {@link Help#join} renders the description and the
     * footer ({@code %n} and {@code %%} formatted), at spaces only.
     */
    static String join(Help help, String[] paragraphs) {
        TextTable table = WordWrapTable.of(TextTable.forColumns(help.colorScheme(), new Column(help.commandSpec().usageMessage().width(), 0, Column.Overflow.WRAP)), help.colorScheme());
        table.indentWrappedLines = 0;
        for (String p : paragraphs) table.addRowValues(help.colorScheme().ansi().new Text(String.format(p), help.colorScheme()));
        return table.toString();
    }

    /** A table that word-wraps its WRAP columns' values itself, one row per line. */
    static final class WordWrapTable extends TextTable {
        private WordWrapTable(ColorScheme scheme, Column[] columns) {
            super(scheme, columns);
        }

        /** A table with {@code model}'s columns, indentation of wrapped lines and CJK setting; {@code model} must be empty. */
        static WordWrapTable of(TextTable model, ColorScheme scheme) {
            WordWrapTable t = new WordWrapTable(scheme, model.columns());
            t.indentWrappedLines = model.indentWrappedLines;
            t.setAdjustLineBreaksForWideCJKCharacters(model.isAdjustLineBreaksForWideCJKCharacters());
            return t;
        }

        @Override
        public Cell putValue(int row, int col, Text value) {
            Column column = columns()[col];
            if (column.overflow != Column.Overflow.WRAP || value == null || value.plainString().isEmpty()) return super.putValue(row, col, value);
            List<Text> lines = lines(value, column.width - column.indent, indentWrappedLines);
            Cell cell = null;
            for (int i = 0; i < lines.size(); i++) {
                while (row + i >= rowCount()) addEmptyRow();
                cell = super.putValue(row + i, col, lines.get(i));
            }
            return cell;
        }

        /**
         * {@code value} cut into lines of at most {@code width} columns at spaces (at newlines too),
         * each line after the first indented by {@code indent} spaces as picocli indents wrapped lines.
         * The columns are picocli's: a word followed by a space or a newline fits when that character
         * does too (the line's text ends before the last column), the value's last word may end in the
         * last column, a word wider than the column fills it, and a newline that ends the value still
         * starts an empty line.
         */
        static List<Text> lines(Text value, int width, int indent) {
            String s = value.plainString();
            List<Text> out = new ArrayList<>();
            int start = 0;
            while (start < s.length()) {
                String pad = out.isEmpty() ? "" : " ".repeat(indent);
                int room = Math.max(width - pad.length(), 1);
                int newline = s.indexOf('\n', start);
                int hard = newline < 0 ? s.length() : newline;
                int end = hard;
                if (hard - start > (newline < 0 ? room : room - 1)) {
                    end = s.lastIndexOf(' ', start + room - 1);
                    if (end <= start) end = start + room; // a word wider than the column
                }
                Text line = value.substring(start, end);
                out.add(pad.isEmpty() ? line : value.substring(0, 0).concat(pad).concat(line));
                if (end == newline) {
                    start = end + 1; // the next line keeps its own leading spaces
                    if (start == s.length()) out.add(value.substring(0, 0));
                } else {
                    start = end;
                    while (start < s.length() && s.charAt(start) == ' ') start++;
                }
            }
            return out;
        }
    }
}
