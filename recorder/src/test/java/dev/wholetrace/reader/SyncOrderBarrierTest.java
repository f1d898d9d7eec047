package dev.wholetrace.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.wtrace.SymbolTag;
import dev.wholetrace.model.event.SyncKind;
import org.junit.jupiter.api.Test;

/**
 * A barrier episode stands in S_synch at its first entry, where every participant has arrived: a
 * participant's operations before its pass come before that entry. An order that says otherwise
 * (CliFuzzTest seed 197976: two bytes of a SYNC_ORDER payload swapped, which made export fail with
 * an internal error) is corrupted when it is built, so every command refuses it alike.
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
    void aParticipantWithAnOperationAfterTheEpisodesFirstEntryIsCorrupted() {
        SyncOrder.Builder b = new SyncOrder.Builder(2);
        assertThatThrownBy(() -> b.add(0, 1, PASS, BARRIER, 0)
                .add(1, 2, TAKE, LOCK, 0) // thread 1 is still running when thread 0 leaves the episode
                .add(1, 3, PASS, BARRIER, 0)
                .build())
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("corrupted trace: thread 1 passes barrier episode 0 of object 9");
    }

    @Test
    void aThreadTwiceInOneEpisodeIsCorrupted() {
        SyncOrder.Builder b = new SyncOrder.Builder(2);
        assertThatThrownBy(() -> b.add(0, 1, PASS, BARRIER, 0)
                .add(1, 2, PASS, BARRIER, 0)
                .add(1, 3, PASS, BARRIER, 0)
                .build())
                .isInstanceOf(FormatException.class)
                .hasMessageContaining("thread 1 passes barrier episode 0");
    }
}
