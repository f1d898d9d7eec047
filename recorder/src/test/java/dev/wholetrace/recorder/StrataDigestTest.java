package dev.wholetrace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.SyncKind;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Pins what the STRATA compressor stores: the SHA-256 of every sealed strata stream
 * ({@link StrataDigest}) of a generated program's events. The ids of paths and strata, their
 * order, the runs and the grammar are the file's content, so a change of the compressor that
 * changes any of them (a different cut, another id order, a trip count split otherwise) changes
 * the digest; a change meant to keep the files byte-identical must leave it as it is. A change of
 * the stored form made on purpose versions the format (docs/trace-format.md) and updates the
 * digest here with it. The input has what the compressor's shortcuts depend on: loops whose
 * paths repeat (a known path followed), data-dependent turns inside them (the turn table), phases
 * that change the hot paths, paths of more than 2048 blocks (the length cap), sync operations,
 * several threads, and cuts. Its strata never run more than 3 times in a row, so a second input,
 * {@link #repeatingProgram}, pins layer 0's runs of more than 4 (its hashed [stratum, trip] ids):
 * without it, any change there left the digest as it was.
 */
class StrataDigestTest {
    /** Digest of {@link #program()} cut every 40,000 events with SEQUITUR over the runs as the grammar: as the compressor of main at 8cd1726c stored it (session 41) until session 48. */
    private static final String PINNED = "e37a4f550d892b33ef0da48bb2e83ebcb98ec4fae64ac5165943fd6d94946da4";

    /** The paths, strata and runs of {@link #program()}, digested with SEQUITUR over the runs as the grammar: as stored until session 48. */
    @Test
    void storedStrataAreTheSameAsPinned() throws Exception {
        StrataDigest.Result r = StrataDigest.of(program(), 40_000, true);
        assertThat(r.chunks()).as("chunks").isGreaterThanOrEqualTo(9);
        assertThat(r.sha256()).as("digest of the stored strata (%d bytes in %d chunks)", r.bytes(), r.chunks()).isEqualTo(PINNED);
    }

    /** Digest of {@link #program()} cut every 40,000 events as stored, the runs' grammar fed words of runs (RunWords, session 48). */
    private static final String PINNED_WORDS = "e4f2f651cbf558cbf0523adbd506bfa0592332a0dd9952d1137bafeaef30d84b";

    @Test
    void storedStrataWithTheirGrammarAreTheSameAsPinned() throws Exception {
        StrataDigest.Result r = StrataDigest.of(program(), 40_000);
        assertThat(r.sha256()).as("digest of the stored strata (%d bytes in %d chunks)", r.bytes(), r.chunks()).isEqualTo(PINNED_WORDS);
    }

    /** Digest of {@link #repeatingProgram()} cut every 5,000 events with SEQUITUR over the runs as the grammar: as the compressor of lead at a34819d2 and main at 8cd1726c stored it (session 41) until session 48. */
    private static final String PINNED_REPEATING = "07c89838d4bb18a966bb45a01d51846eb52c5746d11718dd5a15687ee6dfcedf";

    @Test
    void strataRunningManyTimesInARowAreTheSameAsPinned() throws Exception {
        StrataDigest.Result r = StrataDigest.of(repeatingProgram(), 5_000, true);
        assertThat(r.runTrips() >>> 5).as("layer 0 has runs of more than 4 (trips seen: %s)", Long.toBinaryString(r.runTrips())).isNotZero();
        assertThat(r.chunks()).as("chunks").isGreaterThanOrEqualTo(4);
        assertThat(r.sha256()).as("digest of the stored strata (%d bytes in %d chunks)", r.bytes(), r.chunks()).isEqualTo(PINNED_REPEATING);
        assertThat(StrataDigest.of(repeatingProgram(), 5_000).sha256()).as("as stored, words and all").isEqualTo(PINNED_REPEATING_WORDS);
    }

    /** Digest of {@link #repeatingProgram()} cut every 5,000 events as stored, the runs' grammar fed words of runs (session 48). */
    private static final String PINNED_REPEATING_WORDS = "fd4b6725f943091575a222e6565deee660a07fe6082144e7c517025fd1e49db9";

    /**
     * Two threads whose loop nests repeat whole: a loop of 5 trips and its exit, the same path
     * runs again and again, so layer 0's stratum of the two runs executes as many times in a row
     * as the outer loop turns (up to 61, with a lock in some turns that makes a stratum of its own).
     */
    static ReplayBuffers repeatingProgram() {
        ReplayBuffers out = new ReplayBuffers();
        for (int t = 0; t < 2; t++) {
            out.startThread();
            long object = 2000 + t;
            for (int round = 0; round < 40; round++) {
                int turns = new int[] {3, 7, 2, 12, 5, 60, 1, 4}[round % 8] + t;
                int base = 500 + 100 * (round % 3);
                for (int turn = 0; turn < turns; turn++) {
                    for (int trip = 0; trip < 5; trip++) {
                        out.block(base);
                        out.block(base + 1);
                        out.block(base + 3);
                        out.block(base + 4);
                    }
                    out.block(base + 50);
                    if (round % 5 == 4 && turn % 20 == 19) {
                        out.sync(SyncKind.LOCK, 9, object, 0);
                        out.sync(SyncKind.UNLOCK, 10, object, 0);
                    }
                }
                out.block(999); // between the loop nests
            }
        }
        out.endThread();
        return out;
    }

    /** Three threads of a generated program (seeded: the same events every run). */
    static ReplayBuffers program() {
        ReplayBuffers out = new ReplayBuffers();
        for (int t = 0; t < 3; t++) {
            out.startThread();
            SplittableRandom rnd = new SplittableRandom(41 + t);
            long object = 1000 + t;
            for (int iteration = 0; iteration < 6_000; iteration++) {
                int phase = iteration / 1_500 % 3; // the hot loop changes every 1,500 iterations
                int base = 100 * phase;
                int trips = 1 + rnd.nextInt(t == 0 ? 3 : 9); // thread 0: short runs; the others up to 9 trips
                for (int trip = 0; trip < trips; trip++) {
                    out.block(base);
                    out.block(base + 1);
                    out.block(rnd.nextInt(4) == 0 ? base + 2 : base + 3); // a data-dependent branch
                    if (rnd.nextInt(6) == 0) { // a call whose length varies
                        int n = 1 + rnd.nextInt(5);
                        for (int k = 0; k < n; k++) out.block(base + 10 + k);
                    }
                    out.block(base + 4);
                }
                out.block(base + 50); // the loop's exit
                if (iteration % 200 == 0) {
                    out.sync(SyncKind.LOCK, 7, object, 0);
                    out.sync(SyncKind.UNLOCK, 8, object, 0);
                }
                if (iteration % 2_500 == 1_000) {
                    for (int k = 0; k < 3_000; k++) out.block(10_000 + k); // straight-line code longer than the 2048-block path cap
                }
            }
        }
        out.endThread();
        return out;
    }
}
