package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Grammar blocks of each model version as files written since hold them: fixed grammars coded
 * with version 2 (session 32; the bytes below are what session 32's writer, af7d3a9, wrote) and 3
 * (session 33), their bytes frozen here. A change to the coder
 * that moved the encoder and the decoder together would pass every round-trip test and still make
 * those files unreadable; this test reads the frozen bytes back and requires the writer to produce
 * them still.
 */
class GrammarModelGoldenTest {
    /** Hand-written, independent of any grammar algorithm: several open rules share first terminals. */
    static List<Grammar> grammars() {
        return List.of(
                Grammar.fromRules(new int[][] {{-2, -3, -2, -4}, {-5, 1, -5}, {-5, -4, -5}, {-5, -5}, {Integer.MAX_VALUE, 8}}),
                Grammar.fromRules(new int[][] {{-2, 7, -3, -2, -4, -3, -4, -2}, {3, 4}, {3, 5, 6}, {3, -2}}));
    }

    @ParameterizedTest(name = "model version {0}")
    @CsvSource({
        "2, " + VERSION_2,
        "3, " + VERSION_3,
    })
    void frozenBlocksStillReadAndAreStillWritten(int version, String hex) throws Exception {
        byte[] frozen = HexFormat.of().parseHex(hex);
        assertThat(HexFormat.of().formatHex(GrammarCodecCorruptionTest.written(grammars(), version))).isEqualTo(hex);
        assertThat(GrammarCodec.readAll(new VarIntReader(frozen, "grammar block"))).isEqualTo(grammars());
    }

    static final String VERSION_2 = "0002028080808008050e04040f083ffffbfffe100a0d58e76a3fff2f6c2982f343ee1450f279b468c1e3b7015023147ffe861179fa66a0c5250b326adb184f8f722336c0";
    static final String VERSION_3 = "0003028080808008050e04040f083ffffbfffe100a0d58e76a3fff2f6c2982f343ee1450f279b468c2daaadeabb6cd24548c3fb4141b00337cb98a63ff60";
}
