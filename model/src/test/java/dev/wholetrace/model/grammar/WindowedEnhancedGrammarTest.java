package dev.wholetrace.model.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link WindowedEnhancedGrammar} ({@code --window N}): the grammar expands to the input whatever
 * the window; rule utility always holds, and with one window the grammar is exactly the offline
 * enhanced one (so digram uniqueness holds too); freezing mid-way changes nothing; memory follows
 * the window.
 */
class WindowedEnhancedGrammarTest {
    private static final int[] WINDOWS = {64, 100, 257};

    private static Grammar build(GrammarAlgorithm a, int[] input) {
        GrammarBuilder b = a.newBuilder();
        for (int s : input) b.append(s);
        assertThat(b.length()).isEqualTo(input.length);
        Grammar g = b.toGrammar();
        assertThat(g.length()).isEqualTo(input.length);
        assertThat(g.expand()).isEqualTo(input);
        for (int i = 0; i < input.length; i += Math.max(1, input.length / 17)) assertThat(g.terminalAt(i)).isEqualTo(input[i]);
        assertThat(b.symbolCount()).isEqualTo(g.symbolCount());
        return g;
    }

    /** Rule utility (every rule used twice, at least two symbols long): what holds across windows. */
    private static void assertRuleUtility(Grammar g, String what) {
        assertThat(GrammarInvariants.violations(g)).as(what).filteredOn(v -> !v.startsWith("digram uniqueness")).isEmpty();
    }

    private static void assertWindows(int[] input) {
        for (int w : WINDOWS) assertRuleUtility(build(GrammarAlgorithm.ENHANCED.withWindow(w), input), "window " + w + " on " + Arrays.toString(input));
        Grammar whole = build(GrammarAlgorithm.ENHANCED.withWindow(Math.max(GrammarAlgorithm.MIN_WINDOW, input.length)), input);
        assertThat(whole).isEqualTo(build(GrammarAlgorithm.ENHANCED, input));
        assertThat(GrammarInvariants.violations(whole)).isEmpty();
    }

    @Property(tries = 200)
    void smallAlphabet(@ForAll("smallAlphabet") int[] input) {
        assertWindows(input);
    }

    @Property(tries = 100)
    void hugeTerminals(@ForAll("hugeTerminals") int[] input) {
        assertWindows(input);
    }

    @Property(tries = 100)
    void repeatedPatternsWithNoise(@ForAll("pattern") int[] pattern, @ForAll @IntRange(min = 1, max = 300) int times,
                                  @ForAll @IntRange(min = 0, max = 1000) int seed) {
        assertWindows(GrammarInputs.repeatedWithNoise(pattern, times, seed));
    }

    /**
     * Any window and any chunking, as the recorder drives a builder: the input appended in two
     * pieces with a freeze between them (a window boundary then falls anywhere), frozen, reset and
     * reused for another input; every grammar expands to its input, keeps rule utility and is
     * the one a fresh builder makes. Windows below {@link GrammarAlgorithm#MIN_WINDOW} go through
     * the public constructor.
     */
    @Property(tries = 150)
    void anyWindowAnyFreezeAndReset(@ForAll("smallAlphabet") int[] input, @ForAll @IntRange(min = 2, max = 300) int window,
                                    @ForAll @IntRange(min = 0, max = 3000) int split, @ForAll @IntRange(min = 0, max = 1000) int seed) {
        int cut = Math.min(split, input.length);
        GrammarBuilder b = new WindowedEnhancedGrammar(window, 16);
        b.append(input, 0, cut);
        assertThat(b.toGrammar().expand()).isEqualTo(Arrays.copyOf(input, cut));
        b.append(input, cut, input.length);
        Grammar g = b.toGrammar();
        assertThat(g.expand()).isEqualTo(input);
        assertRuleUtility(g, "window " + window);
        assertThat(g).isEqualTo(fresh(window, input));
        assertThat(b.reset()).isTrue();
        int[] next = loopTrace(1 + new SplittableRandom(seed).nextInt(2000), seed);
        b.append(next, 0, next.length);
        assertThat(b.toGrammar()).isEqualTo(fresh(window, next));
        assertThat(b.toGrammar().expand()).isEqualTo(next);
    }

    private static Grammar fresh(int window, int[] input) {
        GrammarBuilder b = new WindowedEnhancedGrammar(window, 16);
        for (int s : input) b.append(s);
        return b.toGrammar();
    }

    /** Windows smaller than the buffer a builder starts with (16 symbols) once overran it. */
    @Test
    void windowsSmallerThanTheFirstBuffer() {
        int[] input = loopTrace(500, 7);
        for (int w = 2; w <= 17; w++) assertThat(fresh(w, input).expand()).as("window " + w).isEqualTo(input);
    }

    @Test
    void runs() {
        assertWindows(new int[0]);
        assertWindows(new int[100_000]);
        int[] runs = new int[50_000];
        for (int i = 0; i < runs.length; i++) runs[i] = (i / 1000) % 2 == 0 ? 0 : i % 3;
        assertWindows(runs);
    }

    /**
     * What repeats across windows is shared: cut by content, the windows of a loop of 300 symbols
     * start at the same place of its body, their equal rules merge, and SEQUITUR over their start
     * rules shares the repeats: three windows' rules at most (the first, which starts elsewhere in
     * the body, the steady one, and the unfinished last), not 200.
     */
    @Test
    void repetitionAcrossWindowsIsShared() {
        int w = 1 << 10;
        int[] input = periodic(200 * w, 300, 5);
        Grammar one = build(GrammarAlgorithm.ENHANCED, Arrays.copyOf(input, w));
        Grammar windowed = build(GrammarAlgorithm.ENHANCED.withWindow(w), input);
        assertRuleUtility(windowed, "periodic trace");
        assertThat(windowed.symbolCount()).isLessThan(3 * one.symbolCount());
        assertThat(windowed.bodyLength(0)).isLessThan(32);
    }

    @Test
    void freezingMidwayAndResettingChangeNothing() {
        int[] input = loopTrace(20_000, 5);
        GrammarAlgorithm a = GrammarAlgorithm.ENHANCED.withWindow(1000);
        GrammarBuilder b = a.newBuilder(4);
        b.append(input, 0, 2500);
        assertThat(b.toGrammar().expand()).isEqualTo(Arrays.copyOf(input, 2500));
        assertThat(b.toGrammar()).isSameAs(b.toGrammar());
        b.append(input, 2500, 12_345);
        assertThat(b.toGrammar().expand()).isEqualTo(Arrays.copyOf(input, 12_345));
        for (int i = 12_345; i < input.length; i++) b.append(input[i]);
        Grammar once = build(a, input);
        assertThat(b.toGrammar()).isEqualTo(once);
        assertThat(b.reset()).isTrue();
        assertThat(b.length()).isZero();
        int[] other = loopTrace(7_000, 9);
        b.append(other, 0, other.length);
        assertThat(b.toGrammar()).isEqualTo(build(a, other));
        assertThat(b.reset()).isTrue();
        long afterAWindowfulString = b.footprintBytes();
        b.append(other, 0, 10);
        assertThat(b.toGrammar().expand()).isEqualTo(Arrays.copyOf(other, 10));
        assertThat(b.reset()).isTrue();
        assertThat(b.footprintBytes()).as("a reset after a short string gives the window's buffer back").isLessThan(afterAWindowfulString - 3000);
    }

    /** Memory follows the window: on a compressible input (its grammar small) the windowed peak stays near one window's build. */
    @Test
    void memoryFollowsTheWindowNotTheInput() {
        int w = 1 << 12;
        int[] input = periodic(1 << 20, 1000, 11);
        GrammarBuilder offline = GrammarAlgorithm.ENHANCED.newBuilder(1 << 12);
        offline.append(input, 0, input.length);
        offline.toGrammar();
        GrammarBuilder windowed = GrammarAlgorithm.ENHANCED.withWindow(w).newBuilder(1 << 12);
        windowed.append(input, 0, input.length);
        assertThat(windowed.toGrammar().expand()).isEqualTo(input);
        assertThat(offline.peakFootprintBytes()).isGreaterThanOrEqualTo(12L * input.length);
        GrammarBuilder oneWindow = GrammarAlgorithm.ENHANCED.newBuilder(1 << 12);
        oneWindow.append(input, 0, w);
        oneWindow.toGrammar();
        assertThat(windowed.peakFootprintBytes()).isGreaterThanOrEqualTo(oneWindow.peakFootprintBytes())
                .isLessThan(2 * oneWindow.peakFootprintBytes()).isLessThan(offline.peakFootprintBytes() / 16);
    }

    /**
     * A freeze builds a copy of the unfinished window while the buffer is kept: its peak is the
     * offline build's (the same engine on the same symbols) plus that buffer, which the peak once left out.
     */
    @Test
    void thePeakCountsTheBufferAFreezeKeeps() {
        int n = 1 << 12;
        int[] input = loopTrace(n, 3);
        GrammarBuilder offline = GrammarAlgorithm.ENHANCED.newBuilder(n);
        offline.append(input, 0, n);
        offline.toGrammar();
        GrammarBuilder windowed = GrammarAlgorithm.ENHANCED.withWindow(n).newBuilder(n);
        windowed.append(input, 0, n);
        assertThat(windowed.toGrammar()).isEqualTo(offline.toGrammar());
        assertThat(windowed.peakFootprintBytes()).isGreaterThanOrEqualTo(offline.peakFootprintBytes() + 4L * n);
    }

    @Test
    void onlyEnhancedHasAWindowAndItsRangeIsChecked() {
        assertThatThrownBy(() -> GrammarAlgorithm.SEQUITUR.withWindow(1 << 16)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("enhanced").hasMessageContaining("sequitur");
        assertThatThrownBy(() -> GrammarAlgorithm.ENHANCED.withWindow(63)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("63");
        assertThatThrownBy(() -> GrammarAlgorithm.ENHANCED.withWindow(1 << 16).withWindow(1 << 10)).isInstanceOf(IllegalArgumentException.class);
        GrammarAlgorithm w = GrammarAlgorithm.ENHANCED.withWindow(1 << 16);
        assertThat(w).isEqualTo(GrammarAlgorithm.ENHANCED.withWindow(65_536)).isNotEqualTo(GrammarAlgorithm.ENHANCED);
        assertThat(w.hashCode()).isEqualTo(GrammarAlgorithm.ENHANCED.withWindow(65_536).hashCode());
        assertThat(w.label()).isEqualTo("enhanced/w2^16");
        assertThat(GrammarAlgorithm.ENHANCED.withWindow(1000).label()).isEqualTo("enhanced/w1000");
        assertThat(w.cliName()).isEqualTo("enhanced");
        assertThat(w.window()).isEqualTo(65_536);
        assertThat(GrammarAlgorithm.ENHANCED.window()).isZero();
        assertThat(w.newBuilder()).isInstanceOf(WindowedEnhancedGrammar.class);
    }

    /** Loop-shaped control flow: paths of a few blocks chosen at random, as the kernels' traces are. */
    private static int[] loopTrace(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] input = new int[n];
        int k = 0;
        while (k < n) {
            int path = rnd.nextInt(4);
            for (int j = 0; j < 5 + path && k < n; j++) input[k++] = 10 * path + j % 3;
        }
        return input;
    }

    /** A random block of {@code period} symbols (of 50) repeated to {@code n}. */
    private static int[] periodic(int n, int period, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] block = new int[period];
        for (int i = 0; i < period; i++) block[i] = rnd.nextInt(50);
        int[] input = new int[n];
        for (int i = 0; i < n; i++) input[i] = block[i % period];
        return input;
    }

    @Provide
    Arbitrary<int[]> smallAlphabet() {
        return GrammarInputs.smallAlphabet();
    }

    @Provide
    Arbitrary<int[]> hugeTerminals() {
        return GrammarInputs.hugeTerminals();
    }

    @Provide
    Arbitrary<int[]> pattern() {
        return GrammarInputs.pattern();
    }
}
