package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The folder hands on exactly the accesses it was given, in fewer pieces where they repeat. */
class LatticeFolderTest {
    /** Every access as (thread, segment, instruction, write, address) → how often, and the pieces that came. */
    private static final class Collect implements SegmentAccesses.Sink {
        final Map<List<Long>, Long> accesses = new HashMap<>();
        final List<long[]> pieces = new ArrayList<>();

        @Override
        public void accesses(int thread, long segment, int instruction, boolean write, long first, long stride, long count) {
            pieces.add(new long[] {thread, segment, instruction, write ? 1 : 0, first, stride, count});
            for (long i = 0; i < count; i++) {
                accesses.merge(List.of((long) thread, segment, (long) instruction, write ? 1L : 0L, first + i * stride), 1L, Long::sum);
            }
        }
    }

    private static Collect fold(List<long[]> in) {
        Collect out = new Collect();
        LatticeFolder folder = new LatticeFolder(out);
        for (long[] p : in) folder.accesses((int) p[0], p[1], (int) p[2], p[3] != 0, p[4], p[5], p[6]);
        folder.flush();
        return out;
    }

    private static Collect direct(List<long[]> in) {
        Collect out = new Collect();
        for (long[] p : in) out.accesses((int) p[0], p[1], (int) p[2], p[3] != 0, p[4], p[5], p[6]);
        return out;
    }

    @Test
    void randomPiecesComeOutAsTheSameAccesses() {
        Random rnd = new Random(28);
        for (int round = 0; round < 200; round++) {
            List<long[]> in = new ArrayList<>();
            int n = 1 + rnd.nextInt(3000); // past a block of pieces now and then
            long a = 1L << 34;
            int thread = 1, instruction = 7;
            long segment = 0;
            for (int i = 0; i < n; i++) {
                if (rnd.nextInt(50) == 0) segment++;
                if (rnd.nextInt(40) == 0) instruction = 7 + rnd.nextInt(3);
                if (rnd.nextInt(80) == 0) thread = 1 + rnd.nextInt(2);
                switch (rnd.nextInt(5)) {
                    case 0 -> a += 8; // continues
                    case 1 -> a += 8L * (rnd.nextInt(9) - 4); // near, either way
                    case 2 -> a = (1L << 34) + 16L * rnd.nextInt(64); // back to a few places: periods
                    default -> { } // the same place again
                }
                long stride = rnd.nextInt(4) == 0 ? 0 : 8L * (rnd.nextInt(5) - 2);
                long count = 1 + rnd.nextInt(rnd.nextBoolean() ? 2 : 20);
                in.add(new long[] {thread, segment, instruction, rnd.nextBoolean() ? 1 : 0, a, stride, count});
            }
            assertThat(fold(in).accesses).as("round %d", round).isEqualTo(direct(in).accesses);
        }
    }

    @Test
    void aBlockReadRowAfterRowWithItsFirstAccessApartIsOneProgressionPerRow() {
        // LU: for each of 16 rows, a single access (the jump from the row before) and then 15 more, stride 8
        List<long[]> in = new ArrayList<>();
        for (int row = 0; row < 16; row++) {
            long base = (100L + row) << 34;
            in.add(new long[] {1, 3, 9, 0, base, 0, 1});
            in.add(new long[] {1, 3, 9, 0, base + 8, 8, 15});
        }
        Collect out = fold(in);
        assertThat(out.accesses).isEqualTo(direct(in).accesses);
        assertThat(out.pieces).hasSize(16);
        assertThat(out.pieces).allSatisfy(p -> assertThat(p[6]).isEqualTo(16));
    }

    @Test
    void alternatingDifferencesAreTwoProgressions() {
        // FFT's butterflies at half-length 2: 0, 16, 64, 80, 128, ... one access each
        List<long[]> in = new ArrayList<>();
        for (int k = 0; k < 100; k++) {
            in.add(new long[] {2, 5, 4, 1, 64L * k, 0, 1});
            in.add(new long[] {2, 5, 4, 1, 64L * k + 16, 0, 1});
        }
        Collect out = fold(in);
        assertThat(out.accesses).isEqualTo(direct(in).accesses);
        assertThat(out.pieces).hasSize(2);
        assertThat(out.pieces.get(0)).containsExactly(2, 5, 4, 1, 0, 64, 100);
        assertThat(out.pieces.get(1)).containsExactly(2, 5, 4, 1, 16, 64, 100);
    }

    @Test
    void columnsOfAMatrixAreCutAlongItsRows() {
        // a transpose reads 64 columns of a 64 × 256 matrix of doubles (pairs): stride a row (4,096
        // bytes), the next column 16 bytes on; along the rows they are 64 dense progressions
        List<long[]> in = new ArrayList<>();
        for (int h = 0; h < 64; h++) in.add(new long[] {3, 2, 11, 0, 16L * h, 4096, 64});
        Collect out = fold(in);
        assertThat(out.accesses).isEqualTo(direct(in).accesses);
        assertThat(out.pieces).hasSize(64);
        assertThat(out.pieces).allSatisfy(p -> assertThat(p[5]).isEqualTo(16));
        long rows = 0;
        for (long[] p : out.pieces) rows += AccessTable.rowsOf(p[4], p[5], p[6]);
        long before = 0;
        for (long[] p : in) before += AccessTable.rowsOf(p[4], p[5], p[6]);
        assertThat(rows).isEqualTo(64);
        assertThat(before).as("each column sparse and wide: single accesses").isEqualTo(64 * 64);
    }

    @Test
    void piecesOfDifferentSegmentsThreadsOrInstructionsAreNeverJoined() {
        List<long[]> in = List.of(
                new long[] {1, 0, 7, 0, 0, 8, 4},
                new long[] {1, 1, 7, 0, 32, 8, 4}, // would continue, but the next segment
                new long[] {2, 1, 7, 0, 64, 8, 4}, // another thread
                new long[] {2, 1, 8, 0, 96, 8, 4}, // another instruction
                new long[] {2, 1, 8, 1, 128, 8, 4}); // a write
        assertThat(fold(in).pieces).hasSize(5);
    }
}
