package dev.wholetrace.reader;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.SyncKind;
import org.junit.jupiter.api.Test;

/**
 * A barrier episode stands in S_synch at its first entry, where every participant has arrived: a
 * participant's operations before its pass come before that entry. A pass that cannot belong to the
 * episode its (object, aux) names, since its thread did something at or after that entry or passed it
 * already, begins a later episode: the agent names a CyclicBarrier's episode by the thread's own count
 * of passes, so a {@code CyclicBarrier(1)}, or two groups of threads awaiting one barrier in turn,
 * give such valid orders (before, every command rejected them as corrupted, and on main export failed
 * with an internal error in StdEvents).
 */
class SyncOrderBarrierTest {
    static final long BARRIER = 9, LOCK = 7;
    static final long PASS = SymbolTag.syncValue(SyncKind.BARRIER, 40);
    static final long TAKE = SymbolTag.syncValue(SyncKind.LOCK, 41);

    @Test
    void participantsWhoseEarlierOperationsComeFirstMakeOneEpisode() throws Exception {
        SyncOrder order = new SyncOrder.Builder(2)
                .add(1, 1, TAKE, LOCK, 0)
                .add(0, 2, PASS, BARRIER, 0)
                .add(1, 3, PASS, BARRIER, 0)
                .add(0, 4, TAKE, LOCK, 0) // after its own pass: any time
                .build();
        assertThat(order.barrierEpisodes()).isEqualTo(1);
        assertThat(order.participants(0)).containsExactly(0, 1);
    }

    @Test
    void aPassAfterAnOperationPastTheEpisodesFirstEntryBeginsALaterEpisode() throws Exception {
        SyncOrder order = new SyncOrder.Builder(3)
                .add(0, 1, PASS, BARRIER, 0)
                .add(1, 2, TAKE, LOCK, 0) // thread 1 is still running when thread 0 leaves: a later generation
                .add(1, 3, PASS, BARRIER, 0)
                .add(2, 4, PASS, BARRIER, 0) // idle since before both: joins the newest
                .build();
        assertThat(order.barrierEpisodes()).isEqualTo(2);
        assertThat(order.participants(0)).containsExactly(0);
        assertThat(order.participants(1)).containsExactly(1, 2);
        assertThat(order.episode(2)).isEqualTo(1);
        assertThat(order.firstOfEpisode(2)).isTrue();
    }

    @Test
    void aThreadPassingTheSameAuxAgainBeginsALaterEpisode() throws Exception {
        SyncOrder order = new SyncOrder.Builder(2)
                .add(0, 1, PASS, BARRIER, 0)
                .add(1, 2, PASS, BARRIER, 0)
                .add(1, 3, PASS, BARRIER, 0)
                .build();
        assertThat(order.barrierEpisodes()).isEqualTo(2);
        assertThat(order.participants(0)).containsExactly(0, 1);
        assertThat(order.participants(1)).containsExactly(1);
    }
}
