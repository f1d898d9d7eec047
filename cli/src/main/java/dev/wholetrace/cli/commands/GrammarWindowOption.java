package dev.wholetrace.cli.commands;

import dev.wholetrace.model.grammar.GrammarAlgorithm;
import picocli.CommandLine.Option;

/**
 * {@code --window N} of {@code compress}, {@code recompress} and {@code record} (a picocli mixin):
 * frequency-ordered SEQUITUR over windows of N input symbols instead of the whole input at once,
 * so that its memory follows the window (docs/grammars.md, "Windowed enhanced").
 */
public class GrammarWindowOption {
    @Option(names = "--window", paramLabel = "N",
            description = "with --grammar enhanced: build the grammar over windows of N symbols (" + GrammarAlgorithm.MIN_WINDOW
                    + " to 2^30), merging each window's rules into the grammar, so memory is about 22 bytes per window symbol "
                    + "plus the grammar instead of 12 to 16 bytes per input symbol (usable while recording); e.g. --window 65536")
    Integer window;

    /** {@code algorithm} over windows of {@code --window} symbols if given (then it must be enhanced), else {@code algorithm}. */
    GrammarAlgorithm apply(GrammarAlgorithm algorithm) {
        if (window == null) return algorithm;
        if (algorithm != GrammarAlgorithm.ENHANCED) {
            throw new IllegalArgumentException("--window needs --grammar enhanced" + (algorithm == null ? "" : ", not " + algorithm.cliName()));
        }
        return algorithm.withWindow(window);
    }
}
