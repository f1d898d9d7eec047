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
 * that change the hot paths, trip counts above 4 (layer 0's hashed [stratum, trip] ids), paths of
 * more than 2048 blocks (the length cap), sync operations, several threads, and cuts.
 */
class StrataDigestTest {
    /** Digest of {@link #program()} cut every 40,000 events, as the compressor of main at 8cd1726c stores it (session 41). */
    private static final String PINNED = "e37a4f550d892b33ef0da48bb2e83ebcb98ec4fae64ac5165943fd6d94946da4";

    @Test
    void storedStrataAreTheSameAsPinned() throws Exception {
        StrataDigest.Result r = StrataDigest.of(program(), 40_000);
        assertThat(r.chunks()).as("chunks").isGreaterThanOrEqualTo(9);
        assertThat(r.sha256()).as("digest of the stored strata (%d bytes in %d chunks)", r.bytes(), r.chunks()).isEqualTo(PINNED);
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
