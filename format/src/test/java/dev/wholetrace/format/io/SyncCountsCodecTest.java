package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.model.grammar.EdgeCounts;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import java.util.function.IntPredicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The stored form of sync counts on random SEQUITUR grammars with some terminals marked. */
class SyncCountsCodecTest {

    /** The stored form reads back, and a tampered count is a FormatException, not a wrong answer. */
    @Property(tries = 100)
    void storedFormRoundTripsAndTamperingIsDetected(@ForAll("strings") int[] string, @ForAll("marks") boolean[] marks) {
        Grammar g = build(string);
        EdgeCounts c = EdgeCounts.count(g, marked(marks));
        VarIntWriter w = new VarIntWriter();
        SyncCountsCodec.write(c, w);
        byte[] bytes = w.toByteArray();
        EdgeCounts back;
        try {
            back = SyncCountsCodec.read(g, marked(marks), new VarIntReader(bytes, "SYNC_COUNTS"));
        } catch (FormatException e) {
            throw new AssertionError(e);
        }
        for (int r = 0; r < g.ruleCount(); r++) {
            for (int i = 0; i < g.bodyLength(r); i++) assertThat(back.edge(r, i)).isEqualTo(c.edge(r, i));
        }
        // Counts that disagree with the grammar: the first delta plus one.
        if (bytes.length > 0 && (bytes[0] & 0x80) == 0 && bytes[0] < 0x7F) {
            byte[] bad = bytes.clone();
            bad[0]++;
            assertThatThrownBy(() -> SyncCountsCodec.read(g, marked(marks), new VarIntReader(bad, "SYNC_COUNTS")))
                    .isInstanceOf(FormatException.class).hasMessageContaining("sync count");
        }
    }

    private static Grammar build(int[] string) {
        SequiturGrammar b = new SequiturGrammar();
        for (int t : string) b.append(t);
        return b.toGrammar();
    }

    private static IntPredicate marked(boolean[] marks) {
        return s -> s < marks.length && marks[s];
    }

    @Provide
    Arbitrary<int[]> strings() {
        Arbitrary<int[]> pattern = Arbitraries.integers().between(0, 9).array(int[].class).ofMinSize(1).ofMaxSize(5);
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 3).array(int[].class).ofMaxSize(120),
                pattern.list().ofMinSize(1).ofMaxSize(6).flatMap(parts -> Arbitraries.integers().between(1, 12).map(times -> {
                    int[] out = new int[0];
                    for (int k = 0; k < times; k++) for (int[] p : parts) out = concat(out, p);
                    return out;
                })));
    }

    @Provide
    Arbitrary<boolean[]> marks() {
        return Arbitraries.of(true, false).array(boolean[].class).ofSize(10);
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
