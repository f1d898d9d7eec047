package dev.wholetrace.cli.commands;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.util.Arrays;
import java.util.Iterator;
import picocli.CommandLine;

/**
 * Accepts the names of the {@link GrammarAlgorithm}s ({@code sequitur}, ...) and lists them for the
 * help text, so a newly registered algorithm needs no change here.
 */
final class GrammarAlgorithmConverter implements CommandLine.ITypeConverter<GrammarAlgorithm>, Iterable<String> {
    @Override
    public GrammarAlgorithm convert(String value) {
        try {
            return GrammarAlgorithm.byName(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(GrammarAlgorithm.values()).map(GrammarAlgorithm::cliName).iterator();
    }
}
