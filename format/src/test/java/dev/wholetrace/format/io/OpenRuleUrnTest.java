package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Model version 3's weighted draws of open rules ({@link OpenRuleUrn}) through the range coder:
 * any interleaving of definitions and draws decodes back exactly, and a draw costs about
 * -log2(uses left / all uses left of its list) bits.
 */
class OpenRuleUrnTest {

    /** A script: define (rule, list, uses) or draw (list, rule) steps, as the encoder would make them. */
    record Step(boolean define, int rule, int list, int uses) {}

    @Property(tries = 300)
    void drawsDecodeToTheEncodedRules(@ForAll("scripts") List<Step> script) throws FormatException {
        VarIntWriter out = new VarIntWriter();
        RangeEncoder enc = new RangeEncoder(out, true);
        OpenRuleUrn encoding = new OpenRuleUrn();
        for (Step s : script) {
            if (s.define()) encoding.define(s.rule(), s.list(), s.uses());
            else assertThat(encoding.draw(enc, s.list(), s.rule())).isEqualTo(s.rule());
        }
        enc.finish();
        RangeDecoder dec = new RangeDecoder(new VarIntReader(out.toByteArray(), "urn"), true);
        OpenRuleUrn decoding = new OpenRuleUrn();
        for (Step s : script) {
            if (s.define()) decoding.define(s.rule(), s.list(), s.uses());
            else assertThat(decoding.draw(dec, s.list(), -1)).isEqualTo(s.rule());
        }
    }

    @Provide
    Arbitrary<List<Step>> scripts() {
        return Arbitraries.randomValue(OpenRuleUrnTest::script);
    }

    /** Random definitions (some with no uses, lists sharing and not sharing rules) and draws of open rules. */
    static List<Step> script(Random rnd) {
        List<Step> steps = new ArrayList<>();
        int lists = 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 40);
        int rules = rnd.nextInt(rnd.nextBoolean() ? 10 : 300);
        int[] listOf = new int[rules];
        int[] left = new int[rules];
        List<Integer> open = new ArrayList<>();
        int defined = 0;
        while (defined < rules || !open.isEmpty()) {
            if (defined < rules && (open.isEmpty() || rnd.nextInt(3) == 0)) {
                int d = defined++;
                listOf[d] = rnd.nextInt(lists);
                left[d] = rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 1000);
                steps.add(new Step(true, d, listOf[d], left[d]));
                if (left[d] > 0) open.add(d);
            } else {
                int i = rnd.nextInt(open.size());
                int d = open.get(i);
                steps.add(new Step(false, d, listOf[d], 0));
                if (--left[d] == 0) open.remove(i);
            }
        }
        return steps;
    }

    /** Sums the information content of the decisions coded (the bits an ideal coder would spend), coding nothing. */
    static final class Meter implements BitCoder {
        double bits;

        @Override
        public int bit(short[] probs, int index, int bit) {
            throw new AssertionError("the urn codes fixed probabilities only");
        }

        @Override
        public int fixed(int p0, int bit) {
            bits -= Math.log((bit == 0 ? p0 : FIXED_ONE - p0) / (double) FIXED_ONE) / Math.log(2);
            return bit;
        }

        @Override
        public long direct(long value, int count) {
            throw new AssertionError("the urn codes fixed probabilities only");
        }
    }

    @Test
    void aDrawCostsAboutItsShareOfTheUsesLeft() throws FormatException {
        // 1000 rules of one use each and one of 20,000 uses, in either slot order (odds within the
        // 16-bit precision of a decision: a rarer draw than 1 in 65,536 per level costs 16 bits)
        for (boolean heavyFirst : new boolean[] {true, false}) {
            OpenRuleUrn urn = new OpenRuleUrn();
            int heavy = heavyFirst ? 0 : 1000;
            for (int d = 0; d <= 1000; d++) urn.define(d, 0, d == heavy ? 20_000 : 1);
            Meter meter = new Meter();
            double expected = 0;
            for (int h = 20_000; h > 16_000; h--) {
                urn.draw(meter, 0, heavy);
                expected += log2((h + 1000.0) / h);
            }
            // about 310 bits, where a uniform choice among 1001 rules would cost 40,000
            assertThat(meter.bits).as("bits for 4000 heavy draws").isCloseTo(expected, within(expected * 0.01));
            meter.bits = 0;
            expected = 0;
            int light = heavyFirst ? 1 : 0;
            for (int d = light; d < light + 100; d++) {
                urn.draw(meter, 0, d);
                expected += log2(16_000 + 1000.0 - (d - light));
            }
            assertThat(meter.bits).as("bits for 100 light draws").isCloseTo(expected, within(expected * 0.01));
        }
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    @Test
    void moreUsesThanAGrammarCanHoldAreRefused() throws FormatException {
        OpenRuleUrn urn = new OpenRuleUrn();
        urn.define(0, 0, GrammarCodec.MAX_SYMBOLS);
        assertThatThrownBy(() -> urn.define(1, 1, 1)).isInstanceOf(FormatException.class).hasMessageContaining("more uses than symbols");
    }
}
