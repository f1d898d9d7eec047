package dev.wholetrace.cli.commands;

import dev.wholetrace.importers.InputFormat;
import java.util.Arrays;
import java.util.Iterator;
import picocli.CommandLine;

/** Accepts the documented spellings ({@code u32}, {@code lackey-mem}, ...) of an input format. */
final class InputFormatConverter implements CommandLine.ITypeConverter<InputFormat>, Iterable<String> {
    @Override
    public InputFormat convert(String value) {
        InputFormat f = InputFormat.byName(value);
        if (f == null) {
            throw new CommandLine.TypeConversionException("unknown input format '" + value + "' (expected one of " + String.join(", ", this) + ")");
        }
        return f;
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(InputFormat.values()).map(f -> f.cliName).iterator();
    }
}
