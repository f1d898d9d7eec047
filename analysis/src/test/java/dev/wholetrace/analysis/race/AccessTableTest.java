package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The compact table gives back every row as added and, sorted, in the order of a stable sort by first address. */
class AccessTableTest {
    @Test
    void rowsAcrossPagesAndWideSegmentsComeBackAsAddedInStableAddressOrder() {
        Random rnd = new Random(13);
        int n = 150_000; // more than two pages of rows
        int[] thread = new int[n];
        long[] segment = new long[n];
        int[] instruction = new int[n];
        boolean[] write = new boolean[n];
        long[] first = new long[n];
        long[] count = new long[n];
        AccessTable table = new AccessTable();
        for (int i = 0; i < n; i++) {
            thread[i] = rnd.nextInt(4);
            segment[i] = i < 100_000 ? i / 3 : 3_000_000_000L + i; // past an int: the segments widen mid-way
            instruction[i] = 10 + rnd.nextInt(3);
            write[i] = rnd.nextBoolean();
            first[i] = 4096L * (1 + rnd.nextInt(5)) + 8L * rnd.nextInt(8); // few addresses: many equal keys
            count[i] = 1 + rnd.nextInt(3);
            table.accesses(thread[i], segment[i], instruction[i], write[i], first[i], 8, count[i]);
        }
        assertThat(table.size).isEqualTo(n);
        assertThat(table.shapes()).isLessThan(n / 10); // repeated progressions are stored once
        for (int i = 0; i < n; i++) {
            assertThat(table.thread(i)).isEqualTo(thread[i]);
            assertThat(table.segment(i)).isEqualTo(segment[i]);
            assertThat(table.instruction(i)).isEqualTo(instruction[i]);
            assertThat(table.write(i)).isEqualTo(write[i]);
            assertThat(table.first(i)).isEqualTo(first[i]);
            assertThat(table.count(i)).isEqualTo(count[i]);
            assertThat(table.last(i)).isEqualTo(first[i] + 8 * (count[i] - 1));
        }
        int[] expected = IntStream.range(0, n).boxed().sorted(Comparator.comparingLong(i -> first[i])).mapToInt(Integer::intValue).toArray();
        table.sortByFirstAddress();
        assertThat(table.size).isEqualTo(n);
        for (int p = 0; p < n; p++) { // row p is the p-th of a stable sort of the rows by first address
            int i = expected[p];
            assertThat(table.thread(p)).isEqualTo(thread[i]);
            assertThat(table.segment(p)).isEqualTo(segment[i]);
            assertThat(table.instruction(p)).isEqualTo(instruction[i]);
            assertThat(table.write(p)).isEqualTo(write[i]);
            assertThat(table.first(p)).isEqualTo(first[i]);
            assertThat(table.count(p)).isEqualTo(count[i]);
            assertThat(table.last(p)).isEqualTo(first[i] + 8 * (count[i] - 1));
        }
    }

    @Test
    void shapeIndicesWidenPastACharMidway() {
        int n = 160_000; // 1,000 shapes repeated, then a fresh shape per row: past 65,536 shapes in the third page
        AccessTable table = new AccessTable();
        long[] first = new long[n];
        for (int i = 0; i < n; i++) {
            first[i] = i < 70_000 ? 8L * (i % 1000) : 8L * i;
            table.accesses(i % 3, i, 7, i % 2 == 0, first[i], 0, 1);
        }
        assertThat(table.shapes()).isGreaterThan(Character.MAX_VALUE + 1);
        for (int i = 0; i < n; i++) {
            assertThat(table.first(i)).isEqualTo(first[i]);
            assertThat(table.thread(i)).isEqualTo(i % 3);
            assertThat(table.write(i)).isEqualTo(i % 2 == 0);
            assertThat(table.segment(i)).isEqualTo(i);
        }
        int[] expected = IntStream.range(0, n).boxed().sorted(Comparator.comparingLong(i -> first[i])).mapToInt(Integer::intValue).toArray();
        table.sortByFirstAddress();
        for (int p = 0; p < n; p++) {
            int i = expected[p];
            assertThat(table.first(p)).isEqualTo(first[i]);
            assertThat(table.thread(p)).isEqualTo(i % 3);
            assertThat(table.write(p)).isEqualTo(i % 2 == 0);
            assertThat(table.segment(p)).isEqualTo(i);
        }
    }

    @Test
    void pointsRepeatedNearbyAreStoredOnceAndForgottenOnesAgainWithTheSameRows() {
        AccessTable table = new AccessTable();
        for (int i = 0; i < 1000; i++) table.accesses(1, i, 5, true, 64, 0, 1); // a counter under a lock: one point
        assertThat(table.shapes()).isEqualTo(1);
        int others = 100_000; // more than the cache holds: the first point is forgotten
        for (int i = 0; i < others; i++) table.accesses(2, 1000 + i, 6, false, 1_000_000L + 8L * i, 0, 1);
        table.accesses(1, 5000, 5, true, 64, 0, 1);
        assertThat(table.shapes()).isEqualTo(others + 2);
        int n = table.size;
        table.sortByFirstAddress();
        for (int i = 0; i <= 1000; i++) { // address 64 first, in the order added
            assertThat(table.first(i)).isEqualTo(64);
            assertThat(table.last(i)).isEqualTo(64);
            assertThat(table.count(i)).isEqualTo(1);
            assertThat(table.thread(i)).isEqualTo(1);
            assertThat(table.write(i)).isTrue();
            assertThat(table.segment(i)).isEqualTo(i < 1000 ? i : 5000);
        }
        for (int i = 1001; i < n; i++) {
            assertThat(table.first(i)).isEqualTo(1_000_000L + 8L * (i - 1001));
            assertThat(table.instruction(i)).isEqualTo(6);
            assertThat(table.segment(i)).isEqualTo(1000 + i - 1001);
        }
    }

    @Test
    void mergingTableFoldsAProgressionAddedAgainInItsSegmentIntoOneRowWithItsMultiplicity() {
        AccessTable table = AccessTable.merging();
        for (int seg = 0; seg < 3; seg++) {
            for (int k = 0; k < 16; k++) { // a block re-read for every row updated (LU): point and span, 16 times
                table.accesses(1, seg, 7, false, 4096, 0, 1);
                table.accesses(1, seg, 8, false, 4104, 8, 15);
            }
            table.accesses(2, seg, 7, false, 4096, 0, 1); // another thread: rows of its own
            table.accesses(1, seg, 9, true, 4096, 0, 1); // another instruction: a row of its own
        }
        assertThat(table.size).isEqualTo(3 * 4); // per segment: the point, the span, thread 2's point, the write
        assertThat(table.added()).isEqualTo(3 * 34);
        assertThat(table.accesses()).isEqualTo(3 * (16 + 16 * 15 + 1 + 1));
        for (int i = 0; i < table.size; i++) {
            boolean repeated = table.thread(i) == 1 && table.instruction(i) != 9;
            assertThat(table.multiplicity(i)).isEqualTo(repeated ? 16 : 1);
            assertThat(table.segment(i)).isEqualTo(i / 4);
        }
        table.sortByFirstAddress();
        for (int i = 0; i < table.size; i++) { // the multiplicities move with their rows
            boolean repeated = table.thread(i) == 1 && table.instruction(i) != 9;
            assertThat(table.multiplicity(i)).as("row %d", i).isEqualTo(repeated ? 16 : 1);
        }
        assertThat(table.accesses()).isEqualTo(3 * (16 + 16 * 15 + 1 + 1));
        AccessTable plain = new AccessTable();
        for (int k = 0; k < 16; k++) plain.accesses(1, 0, 7, false, 4096, 0, 1);
        assertThat(plain.size).as("without merging every progression is a row").isEqualTo(16);
        assertThat(plain.multiplicity(0)).isEqualTo(1);
    }

    /**
     * A progression merged into its row when the table stands exactly at a page boundary adds no row,
     * so it must not add a page either: the page count ran ahead of the page arrays (LU 384 with 4
     * threads: an ArrayIndexOutOfBoundsException in sortByFirstAddress).
     */
    @Test
    void mergesAtAPageBoundaryAddNoPage() {
        AccessTable table = AccessTable.merging();
        int page = 1 << 16;
        long last = 1_000_000L + 8L * (page - 1);
        for (int i = 0; i < page; i++) table.accesses(1, 0, 5, false, 1_000_000L + 8L * i, 0, 1); // exactly one full page
        for (int i = 0; i < 40; i++) table.accesses(1, 0, 5, false, last, 0, 1); // merged into the last row, 40 times
        table.accesses(1, 0, 5, false, 64, 0, 1); // then one more row, on the second page
        assertThat(table.size).isEqualTo(page + 1);
        table.sortByFirstAddress();
        assertThat(table.first(0)).isEqualTo(64);
        assertThat(table.first(page)).isEqualTo(last);
        assertThat(table.multiplicity(page)).isEqualTo(41);
        assertThat(table.accesses()).isEqualTo(page + 41);
    }

    @Test
    void aRowRepeatedPastItsLimitGoesOnInANewRow() {
        AccessTable table = AccessTable.merging();
        int n = 3 * 65_536 + 5;
        for (int i = 0; i < n; i++) table.accesses(1, 0, 5, false, 64, 8, 4);
        assertThat(table.size).as("65,536 copies a row at most").isEqualTo(4);
        assertThat(table.multiplicity(0)).isEqualTo(65_536);
        assertThat(table.multiplicity(3)).isEqualTo(5);
        assertThat(table.multiplicity(0) + table.multiplicity(1) + table.multiplicity(2) + table.multiplicity(3)).isEqualTo(n);
        assertThat(table.accesses()).isEqualTo(4L * n);
    }

    @Test
    void mergingTableKeepsAPointTheCacheForgotAsARowOfItsOwnWithTheRightCount() {
        AccessTable table = AccessTable.merging();
        table.accesses(1, 0, 5, true, 64, 0, 1);
        for (int i = 0; i < 100_000; i++) table.accesses(2, 0, 6, false, 1_000_000L + 8L * i, 0, 1); // evicts the first point
        table.accesses(1, 0, 5, true, 64, 0, 1);
        table.accesses(1, 0, 5, true, 64, 0, 1);
        long rows = 0, copies = 0;
        for (int i = 0; i < table.size; i++) {
            if (table.thread(i) == 1) {
                rows++;
                copies += table.multiplicity(i);
            }
        }
        assertThat(copies).isEqualTo(3);
        assertThat(rows).isBetween(1L, 2L);
        assertThat(table.accesses()).isEqualTo(100_003);
    }

    @Test
    void radixSortOrdersSignedKeysStablyLikeAComparisonSort() {
        Random rnd = new Random(26);
        for (int n : new int[] {0, 1, 2, 17, 5_000}) {
            long[] keys = new long[n];
            for (int i = 0; i < n; i++) {
                keys[i] = switch (i % 4) {
                    case 0 -> rnd.nextLong(); // every digit varies, negative ones too
                    case 1 -> Long.MIN_VALUE + rnd.nextInt(3);
                    case 2 -> Long.MAX_VALUE - rnd.nextInt(3);
                    default -> (1L << 34) * rnd.nextInt(4) + 8L * rnd.nextInt(4); // equal keys: stability shows
                };
            }
            int[] order = IntStream.range(0, n).toArray();
            Integer[] expected = IntStream.range(0, n).boxed().sorted(Comparator.comparingLong(i -> keys[i])).toArray(Integer[]::new);
            long[] sorted = keys.clone();
            AccessTable.sort(sorted, order);
            for (int p = 0; p < n; p++) {
                assertThat(order[p]).isEqualTo(expected[p]);
                assertThat(sorted[p]).isEqualTo(keys[expected[p]]);
            }
        }
    }
}
