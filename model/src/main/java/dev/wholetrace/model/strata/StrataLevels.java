package dev.wholetrace.model.strata;

/**
 * Which layers a {@link StrataGrammar}'s stored form keeps: given the string's paths and layer 0,
 * the stream it stores instead (more layers, none, or the same), unfolding to the same string. The
 * choice that measures packed bytes needs the trace format's codecs, which this module does not
 * hold: the format module gives it ({@code StrataLayerChoice.levels}) to {@code compress --grammar
 * strata} through {@link dev.wholetrace.model.grammar.GrammarAlgorithm#strata}.
 */
@FunctionalInterface
public interface StrataLevels {
    /** The stream to store in place of {@code layerZero} (paths and layer 0 as built). */
    StrataStream choose(StrataStream layerZero);
}
