package dev.wholetrace.analysis.deps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.format.wtrace.CheckCounts;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import dev.wholetrace.model.util.Alphabet;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link CheckSummary}, from the grammar and from the counts a file stores ({@link CheckCounts}), against counting the expanded check stream symbol by symbol. */
class CheckSummaryPropertiesTest {
    @Property(tries = 200)
    void countsTheExpansion(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int length, @ForAll boolean bare) throws Exception {
        Random rnd = new Random(seed);
        Alphabet alphabet = new Alphabet();
        int symbols = 1 + rnd.nextInt(20);
        for (int c = 0; c < symbols; c++) {
            int tag = rnd.nextInt(CheckSymbols.XSTORE + 1);
            boolean named = CheckSymbols.isHead(tag) && !(bare && c == 0);
            alphabet.idOf(named ? CheckSymbols.named(tag, rnd.nextInt(5)) : tag, c); // distinct values: distinct symbols
        }
        SequiturGrammar b = new SequiturGrammar();
        int used = Math.max(1, symbols - rnd.nextInt(3)); // some symbols may not occur
        for (int i = 0; i < length; i++) b.append(rnd.nextInt(used));
        Grammar g = b.toGrammar();

        CheckSummary s = new CheckSummary(CheckCounts.of(g, alphabet), alphabet, false); // a file before format 14: the decoded grammar's counts

        long[] counts = new long[symbols];
        for (int t : g.expand()) counts[t]++;
        long[] perTag = new long[CheckSymbols.XSTORE + 1];
        List<Integer> heads = new ArrayList<>();
        long groups = 0;
        boolean namesLoads = true;
        for (int c = 0; c < symbols; c++) {
            int tag = CheckSymbols.tag(alphabet.first(c));
            perTag[tag] += counts[c];
            if (!CheckSymbols.isHead(tag)) continue;
            if (counts[c] > 0 && CheckSymbols.load(alphabet.first(c)) < 0) namesLoads = false; // a head that never occurs names no load
            groups += counts[c];
            if (counts[c] > 0) heads.add(c);
        }
        long[] headCounts = new long[symbols];
        for (int c : heads) headCounts[c] = counts[c];
        assertThat(s.counts).containsExactly(headCounts);
        assertThat(s.perTag).containsExactly(perTag);
        assertThat(s.heads).containsExactly(heads.stream().mapToInt(Integer::intValue).toArray());
        assertThat(s.groups).isEqualTo(groups);
        assertThat(s.namesLoads).isEqualTo(namesLoads);

        // the same from the counts a format-14 file stores beside the grammar, written and read back
        long[] pairs = new long[2 * symbols];
        for (int c = 0; c < symbols; c++) {
            pairs[2 * c] = alphabet.first(c);
            pairs[2 * c + 1] = alphabet.second(c);
        }
        VarIntWriter w = new VarIntWriter();
        CheckCounts.of(g, pairs).write(w);
        CheckCounts read = CheckCounts.read(new VarIntReader(w.toByteArray(), "test"), pairs);
        assertThat(read.counts(g, pairs)).as("the grammar is what its counts count").isTrue();
        assertThat(CheckCounts.of(g, alphabet)).usingRecursiveComparison().isEqualTo(CheckCounts.of(g, pairs));
        CheckSummary stored = new CheckSummary(read, alphabet, true);
        assertThat(stored.counts).containsExactly(headCounts);
        assertThat(stored.perTag).containsExactly(perTag);
        assertThat(stored.heads).containsExactly(s.heads);
        assertThat(stored.groups).isEqualTo(groups);
        assertThat(stored.namesLoads).isEqualTo(namesLoads);
    }

    @Property(tries = 20)
    void isHeadIsTheListOfHeadTags(@ForAll @IntRange(min = -3, max = 80) int tag) {
        boolean listed = tag == CheckSymbols.OK || tag == CheckSymbols.NONE || tag == CheckSymbols.LAST || tag == CheckSymbols.SEARCH
                || tag == CheckSymbols.BACK || tag == CheckSymbols.CROSS || tag == CheckSymbols.EVICTED || tag == CheckSymbols.CROSS_AT;
        assertThat(CheckSymbols.isHead(tag)).isEqualTo(listed);
    }
}
