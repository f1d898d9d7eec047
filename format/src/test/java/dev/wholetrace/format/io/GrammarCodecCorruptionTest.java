package dev.wholetrace.format.io;

import static dev.wholetrace.format.io.GrammarCodecRoundTripTest.decode;
import static dev.wholetrace.format.io.GrammarCodecRoundTripTest.encode;
import static dev.wholetrace.format.io.GrammarCodecRoundTripTest.sequitur;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.wholetrace.model.grammar.Grammar;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A grammar block that is truncated or damaged must decode to some valid grammar or fail with a
 * {@link FormatException}: never another exception, a hang, or an OutOfMemoryError.
 */
class GrammarCodecCorruptionTest {

    static List<Grammar> samples() {
        Random rnd = new Random(3);
        int[] noisy = new int[3000];
        for (int i = 0; i < noisy.length; i++) noisy[i] = i % 50 < 30 ? i % 7 : rnd.nextInt(5);
        int[][] chain = new int[200][];
        for (int k = 0; k < 199; k++) chain[k] = k % 3 == 0 ? new int[] {k, -1 - (k + 1), -200} : new int[] {-1 - (k + 1), k};
        chain[199] = new int[] {1 << 30, 0};
        return List.of(
                sequitur("abracadabra abracadabra, abracadabra!".chars().toArray()),
                sequitur(noisy),
                Grammar.fromRules(new int[][] {{-2, -3, -2, -4}, {-5, 1, -5}, {-5, -4, -5}, {-5, -5}, {Integer.MAX_VALUE, 8}}),
                Grammar.fromRules(chain));
    }

    /** Decodes {@code bytes}; a valid result must be a usable grammar. Any non-FormatException fails. */
    static void decodeOrFormatException(byte[] bytes, String what) {
        Grammar g;
        try {
            g = decode(bytes);
        } catch (FormatException e) {
            assertThat(e.getMessage()).as(what).isNotBlank();
            return;
        } catch (Throwable t) {
            throw new AssertionError(what + ": " + t + " on " + Arrays.toString(Arrays.copyOf(bytes, Math.min(64, bytes.length))), t);
        }
        // a decoded grammar is structurally valid: canonical, consistent lengths, streamable
        assertThat(Grammar.fromRules(bodies(g))).as(what).isEqualTo(g);
        long n = 0;
        var ex = g.expander();
        while (ex.hasNext() && n < 100_000) {
            assertThat(ex.next()).isNotNegative();
            n++;
        }
    }

    /**
     * Runs {@code body} and requires it to use at most {@code seconds} of CPU: damaged input must
     * be decoded or refused quickly. CPU time, not wall time, so that a loaded machine does not fail
     * the test; a hang is still cut off (preemptively, after twelve times the bound in wall time).
     */
    /** The CPU budget of a test that decodes every model version's samples: each version adds its decodes. */
    private static final int PER_VERSION_SECONDS = 3;

    private static void withinCpuSeconds(int seconds, Executable body) {
        assertTimeoutPreemptively(Duration.ofSeconds(12L * seconds), () -> {
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            long start = cpu.getCurrentThreadCpuTime();
            body.execute();
            assertThat(cpu.getCurrentThreadCpuTime() - start).as("CPU nanoseconds").isLessThan(seconds * 1_000_000_000L);
        });
    }

    static int[][] bodies(Grammar g) {
        int[][] b = new int[g.ruleCount()][];
        for (int r = 0; r < b.length; r++) b[r] = g.body(r);
        return b;
    }

    static byte[] written(List<Grammar> gs, int version) {
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(gs, w, version);
        return w.toByteArray();
    }

    /** Version 1's range coder stores its last bytes and version 4 ({@link GrammarCodec#writePlain}) has none: a cut block is short of tokens. */
    @Test
    void everyStrictPrefixOfAVersion1Or4BlockIsAFormatException() {
        withinCpuSeconds(10, () -> {
            for (int version : new int[] {1, GrammarCodec.PLAIN_MODEL}) {
                for (Grammar g : samples()) {
                    byte[] full = written(List.of(g), version);
                    for (int len = 0; len < full.length; len++) {
                        byte[] prefix = Arrays.copyOf(full, len);
                        assertThatThrownBy(() -> decode(prefix)).as("version %d, prefix of %d of %d bytes", version, len, full.length)
                                .isInstanceOf(FormatException.class)
                                .hasMessageMatching("(?s)(truncated|corrupted) grammar block.*");
                    }
                    assertThat(decode(full)).isEqualTo(g);
                }
            }
        });
    }

    /**
     * Versions 2 and 3 do not store the range coder's trailing zero bytes (the decoder supplies
     * them), so a block no longer marks its own end: a cut is caught by the length of the enclosing
     * block (docs/formats.md). A prefix must still decode to a usable grammar or fail cleanly.
     */
    @Test
    void everyStrictPrefixOfAVersion2Or3BlockDecodesOrFailsCleanly() {
        withinCpuSeconds(PER_VERSION_SECONDS * GrammarCodec.MODEL_VERSION, () -> {
            for (int version = 2; version <= GrammarCodec.MODEL_VERSION; version++) {
                for (Grammar g : samples()) {
                    byte[] full = written(List.of(g), version);
                    for (int len = 0; len < full.length; len++) {
                        decodeOrFormatException(Arrays.copyOf(full, len), "version " + version + ", prefix of " + len);
                    }
                    assertThat(decode(full)).isEqualTo(g);
                }
            }
        });
    }

    @Test
    void randomByteFlipsDecodeOrFailCleanly() {
        withinCpuSeconds(PER_VERSION_SECONDS * GrammarCodec.PLAIN_MODEL, () -> {
            Random rnd = new Random(11);
            for (int version = 1; version <= GrammarCodec.PLAIN_MODEL; version++) { // the coded versions and the plain one
                for (Grammar g : samples()) {
                    byte[] full = written(List.of(g), version);
                    for (int trial = 0; trial < 500; trial++) {
                        byte[] b = full.clone();
                        int flips = 1 + rnd.nextInt(3);
                        for (int f = 0; f < flips; f++) {
                            int pos = rnd.nextInt(b.length);
                            if (rnd.nextBoolean()) b[pos] ^= (byte) (1 << rnd.nextInt(8));
                            else b[pos] = (byte) rnd.nextInt(256);
                        }
                        decodeOrFormatException(b, "version " + version + ", trial " + trial);
                    }
                }
            }
        });
    }

    @Test
    void singleBitFlipsAtEveryPositionDecodeOrFailCleanly() {
        withinCpuSeconds(5, () -> {
            byte[] full = encode(samples().get(0));
            for (int pos = 0; pos < full.length; pos++) {
                for (int bit = 0; bit < 8; bit++) {
                    byte[] b = full.clone();
                    b[pos] ^= (byte) (1 << bit);
                    decodeOrFormatException(b, "bit " + bit + " of byte " + pos);
                }
            }
        });
    }

    @Test
    void randomGarbageDecodesOrFailsCleanly() {
        withinCpuSeconds(5, () -> {
            Random rnd = new Random(5);
            for (int trial = 0; trial < 3000; trial++) {
                byte[] b = new byte[rnd.nextInt(64)];
                rnd.nextBytes(b);
                // bias towards small varints, which are more likely to parse
                if (rnd.nextBoolean()) for (int i = 0; i < b.length; i++) b[i] &= 0x07;
                decodeOrFormatException(b, "garbage " + trial);
            }
        });
    }

    @Test
    void damagedMultiGrammarBlocksDecodeOrFailCleanly() {
        List<Grammar> gs = samples();
        VarIntWriter w = new VarIntWriter();
        GrammarCodec.writeAll(gs, w);
        byte[] full = w.toByteArray();
        byte[] version1 = written(gs, 1);
        VarIntWriter p = new VarIntWriter();
        GrammarCodec.writePlain(gs, p);
        byte[] plain = p.toByteArray();
        withinCpuSeconds(5, () -> {
            for (byte[] marked : List.of(version1, plain)) {
                for (int len = 0; len < marked.length; len++) {
                    byte[] prefix = Arrays.copyOf(marked, len);
                    assertThatThrownBy(() -> GrammarCodec.readAll(new VarIntReader(prefix, "grammar block")))
                            .as("prefix of %d", len).isInstanceOf(FormatException.class);
                }
            }
            for (int len = 0; len < full.length; len++) {
                try {
                    for (Grammar g : GrammarCodec.readAll(new VarIntReader(Arrays.copyOf(full, len), "grammar block"))) {
                        assertThat(Grammar.fromRules(bodies(g))).isEqualTo(g);
                    }
                } catch (FormatException e) {
                    // rejected: fine
                }
            }
            Random rnd = new Random(13);
            for (int trial = 0; trial < 3000; trial++) {
                byte[] b = (trial % 2 == 0 ? full : plain).clone();
                int pos = rnd.nextInt(b.length);
                b[pos] ^= (byte) (1 << rnd.nextInt(8));
                try {
                    for (Grammar g : GrammarCodec.readAll(new VarIntReader(b, "grammar block"))) {
                        assertThat(Grammar.fromRules(bodies(g))).isEqualTo(g);
                    }
                } catch (FormatException e) {
                    // rejected: fine
                } catch (Throwable t) {
                    throw new AssertionError("flip at " + pos + ": " + t, t);
                }
            }
        });
    }

    @Test
    void cyclesAreRejectedByFromRules() {
        assertThatThrownBy(() -> Grammar.fromRules(new int[][] {{-2}, {-3}, {1, -2}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cycle");
        assertThatThrownBy(() -> Grammar.fromRules(new int[][] {{-1}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cycle");
        assertThatThrownBy(() -> Grammar.fromRules(new int[][] {{-2}, {-2}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cycle");
    }
}
