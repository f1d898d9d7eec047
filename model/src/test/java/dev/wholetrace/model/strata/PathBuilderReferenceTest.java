package dev.wholetrace.model.strata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link PathBuilder}, which skips storing a path that repeats the previous one, against the paper's
 * ExtendPath written plainly (lists and a set): the same runs, path by path, and the same table.
 */
class PathBuilderReferenceTest {

    /** ExtendPath/ProcessPath as the pseudocode reads, with the length limit; runs as "blocks^trip". */
    static List<String> reference(int[] blocks, int maxLength) {
        List<String> runs = new ArrayList<>();
        List<Integer> cur = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        List<Integer> prev = null;
        long trip = 0;
        for (int i = 0; i <= blocks.length; i++) {
            boolean end = i == blocks.length;
            if (end ? !cur.isEmpty() : seen.contains(blocks[i]) || cur.size() == maxLength) {
                if (cur.equals(prev)) {
                    trip++;
                } else {
                    if (prev != null) runs.add(prev + "^" + trip);
                    prev = new ArrayList<>(cur);
                    trip = 1;
                }
                cur.clear();
                seen.clear();
            }
            if (!end) {
                cur.add(blocks[i]);
                seen.add(blocks[i]);
            }
        }
        if (prev != null) runs.add(prev + "^" + trip);
        return runs;
    }

    @Property(tries = 1000)
    void sameRunsAsThePlainAlgorithm(@ForAll("blocks") int[] blocks, @ForAll @IntRange(min = 1, max = 9) int maxLength) {
        SequenceTable table = new SequenceTable();
        List<String> runs = new ArrayList<>();
        List<Integer> firstSeen = new ArrayList<>();
        PathBuilder b = new PathBuilder(table, (id, trip) -> {
            List<Long> s = new ArrayList<>();
            for (long v : table.sequence(id)) s.add(v);
            runs.add(s.toString() + "^" + trip);
            if (!firstSeen.contains(id)) firstSeen.add(id);
        }, maxLength);
        for (int x : blocks) b.add(x);
        b.finish();
        assertThat(runs).isEqualTo(reference(blocks, maxLength));
        // ids are dense in the order the paths' runs start, as interning each path at its run gives
        for (int k = 0; k < firstSeen.size(); k++) assertThat(firstSeen.get(k)).isEqualTo(k);
        assertThat(table.size()).isEqualTo(firstSeen.size());
        assertThat(b.blocks()).isEqualTo(blocks.length);
        long paths = 0;
        for (String r : runs) paths += Long.parseLong(r.substring(r.lastIndexOf('^') + 1));
        assertThat(b.paths()).isEqualTo(paths);
    }

    /**
     * A builder of codes (the recorder's: raw block ids, negative codes for other symbols, looked
     * up only off the known path) cuts the same runs and fills the same table as a builder of the
     * blocks the codes stand for, and looks each block up before the first run that holds it.
     */
    @Property(tries = 1000)
    void codesLookedUpOffTheKnownPathGiveTheSameRunsAndTable(@ForAll("blocks") int[] blocks, @ForAll @IntRange(min = 1, max = 9) int maxLength) {
        SequenceTable plainTable = new SequenceTable();
        List<String> plainRuns = new ArrayList<>();
        PathBuilder plain = new PathBuilder(plainTable, (id, trip) -> plainRuns.add(id + "^" + trip), maxLength);
        SequenceTable codedTable = new SequenceTable();
        List<String> codedRuns = new ArrayList<>();
        Set<Integer> lookedUp = new HashSet<>();
        PathBuilder coded = new PathBuilder(codedTable, (id, trip) -> {
            for (long v : codedTable.sequence(id)) assertThat(lookedUp).contains((int) v);
            codedRuns.add(id + "^" + trip);
        }, maxLength, code -> {
            int block = code >= 0 ? (int) (code / 3) : (int) (-1 - code); // multiples of 3 and negatives: codes that are not the blocks
            lookedUp.add(block);
            return block;
        });
        for (int x : blocks) {
            plain.add(x);
            coded.add(x % 2 == 0 ? 3L * x : -1L - x);
        }
        plain.finish();
        coded.finish();
        assertThat(codedRuns).isEqualTo(plainRuns);
        assertThat(codedTable.pool()).isEqualTo(plainTable.pool());
        assertThat(codedTable.starts()).isEqualTo(plainTable.starts());
        assertThat(coded.blocks()).isEqualTo(blocks.length);
        assertThat(coded.paths()).isEqualTo(plain.paths());
        assertThat(lookedUp).containsExactlyInAnyOrderElementsOf(java.util.Arrays.stream(blocks).boxed().distinct().toList());
    }

    /** Paths that share their first block, last block and length (what a cache keyed on them would confuse) each get their own id. */
    @net.jqwik.api.Example
    void pathsWithTheSameEndsAndLengthKeepTheirOwnIds() {
        int[] blocks = new int[400];
        for (int i = 0; i < 100; i++) { // 1 2 3 | 1 4 3 | 1 2 3 | ... : alternating paths [1,2,3] and [1,4,3]
            blocks[4 * i] = 1;
            blocks[4 * i + 1] = i % 2 == 0 ? 2 : 4;
            blocks[4 * i + 2] = 3;
            blocks[4 * i + 3] = 9; // ends the path (9 then 1 repeats nothing; 1 repeats at the next round)
        }
        SequenceTable table = new SequenceTable();
        List<String> runs = new ArrayList<>();
        PathBuilder b = new PathBuilder(table, (id, trip) -> {
            List<Long> s = new ArrayList<>();
            for (long v : table.sequence(id)) s.add(v);
            runs.add(s + "^" + trip);
        }, 9);
        for (int x : blocks) b.add(x);
        b.finish();
        assertThat(runs).isEqualTo(reference(blocks, 9));
        assertThat(table.size()).isEqualTo(2);
    }

    @Provide
    Arbitrary<int[]> blocks() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(0, 5).array(int[].class).ofMaxSize(200),
                Arbitraries.integers().between(0, 2000).array(int[].class).ofMaxSize(20),
                // a few short paths in a cycle, with trip counts of 1 and some repeats and breaks (what
                // following a path's successor must get right: Water's inner loops)
                Arbitraries.integers().between(0, 4).array(int[].class).ofMinSize(1).ofMaxSize(4).list().ofMinSize(1).ofMaxSize(4)
                        .flatMap(shapes -> Arbitraries.integers().between(0, 9).list().ofMaxSize(60).map(picks -> {
                            List<Integer> out = new ArrayList<>();
                            for (int k = 0; k < picks.size(); k++) {
                                int pick = picks.get(k);
                                int[] shape = shapes.get(pick < 7 ? k % shapes.size() : pick % shapes.size());
                                for (int x : shape) out.add(x);
                                if (pick == 9) out.add(5 + k % 3);
                            }
                            return out.stream().mapToInt(Integer::intValue).toArray();
                        })),
                // a loop body repeated with occasional detours: long repetitions, prefixes, longer paths
                Arbitraries.integers().between(0, 6).array(int[].class).ofMinSize(1).ofMaxSize(6)
                        .flatMap(body -> Arbitraries.integers().between(0, 7).list().ofMaxSize(40).map(detours -> {
                            List<Integer> out = new ArrayList<>();
                            for (int d : detours) {
                                for (int x : body) out.add(x);
                                if (d >= 5) out.add(d);
                                if (d == 4) out.remove(out.size() - 1);
                            }
                            return out.stream().mapToInt(Integer::intValue).toArray();
                        })));
    }
}
