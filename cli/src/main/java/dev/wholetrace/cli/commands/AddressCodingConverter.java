package dev.wholetrace.cli.commands;

import dev.wholetrace.format.regrammar.AddressCoding;
import java.util.Arrays;
import java.util.Iterator;
import picocli.CommandLine;

/** Accepts the names of the {@link AddressCoding}s ({@code diff-rle}, {@code predictive}) and lists them for the help text. */
final class AddressCodingConverter implements CommandLine.ITypeConverter<AddressCoding>, Iterable<String> {
    @Override
    public AddressCoding convert(String value) {
        try {
            return AddressCoding.byName(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(AddressCoding.values()).map(AddressCoding::cliName).iterator();
    }
}
