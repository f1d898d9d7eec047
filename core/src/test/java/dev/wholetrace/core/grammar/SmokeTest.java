package dev.wholetrace.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SmokeTest {
    static SequiturGrammar build(String s) {
        SequiturGrammar g = new SequiturGrammar();
        for (char c : s.toCharArray()) g.append(c);
        return g;
    }

    @Test
    void abcabc() {
        SequiturGrammar g = build("abcabc");
        assertThat(GrammarInvariants.violations(g)).isEmpty();
        assertThat(g.toGrammar().toString()).isEqualTo("R0 -> R1 R1\nR1 -> 97 98 99\n");
    }

    @Test
    void randomSmallAlphabets() {
        Random rnd = new Random(1);
        for (int iter = 0; iter < 20000; iter++) {
            int n = rnd.nextInt(60);
            int k = 1 + rnd.nextInt(4);
            int[] in = new int[n];
            SequiturGrammar g = new SequiturGrammar();
            for (int i = 0; i < n; i++) { in[i] = rnd.nextInt(k); g.append(in[i]); }
            var v = GrammarInvariants.violations(g);
            if (!v.isEmpty()) throw new AssertionError(java.util.Arrays.toString(in) + " -> " + v + "\n" + g.toGrammar());
            assertThat(g.toGrammar().expand()).isEqualTo(in);
        }
    }
}
