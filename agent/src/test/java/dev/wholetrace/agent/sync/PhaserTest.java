package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.FORK;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.JOIN;
import static dev.wholetrace.model.event.SyncKind.LATCH_AWAIT;
import static dev.wholetrace.model.event.SyncKind.LATCH_COUNT_DOWN;
import static dev.wholetrace.model.event.SyncKind.THREAD_BEGIN;
import static dev.wholetrace.model.event.SyncKind.THREAD_END;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Phaser as a latch per phase: an arrival is a count-down of its phase (before it), an await of a
 * phase is recorded after the phase advanced; aux is the phase; nothing once terminated.
 */
@Timeout(120)
class PhaserTest extends RecordingTest {
    @Test
    void everyArrivalAtAPhasePrecedesEveryAwaitOfIt() throws Exception {
        int parties = 3;
        int phases = 3;
        Recording r = Recording.of(dir.resolve("phaser.wtrace"), PhaserSubject.class,
                c -> c.getMethod("phases", int.class, int.class).invoke(null, parties, phases));
        List<Object> log = r.list();
        assertThat(log).contains("past:3", "future:3", "advance:3", "terminated:true:true:true");
        long phaser = r.syncs("party-0").get(1).object();
        for (int t = 0; t < parties; t++) {
            List<SyncKind> kinds = new ArrayList<>(List.of(THREAD_BEGIN));
            List<Long> aux = new ArrayList<>(List.of(0L));
            for (long p = 0; p < phases; p++) {
                kinds.addAll(List.of(LATCH_COUNT_DOWN, LATCH_AWAIT));
                aux.addAll(List.of(p, p));
            }
            if (t == 1) {
                kinds.add(LATCH_AWAIT); // phase 0 again, long past; the future phase records nothing
                aux.add(0L);
            }
            kinds.addAll(List.of(LATCH_COUNT_DOWN, THREAD_END)); // the deregistering arrival at the last phase
            aux.addAll(List.of((long) phases, 0L));
            List<Event> syncs = r.syncs("party-" + t);
            assertThat(syncs).extracting(Event::kind).as("party-" + t).isEqualTo(kinds);
            assertThat(syncs).extracting(Event::aux).as("party-" + t).isEqualTo(aux);
            assertThat(syncs.subList(1, syncs.size() - 1)).extracting(Event::object).containsOnly(phaser);
        }
        // The caller's arrival and await on the terminated phaser record nothing.
        assertThat(r.kinds(Thread.currentThread().getName()))
                .containsExactly(THREAD_BEGIN, FORK, FORK, FORK, JOIN, JOIN, JOIN, THREAD_END);
        // S_synch: every count-down of phase k before every await of phase k (the late await of
        // phase 0 too), and each phase's operations after the previous phase's count-downs.
        List<Recording.Op> onPhaser = r.on(phaser);
        assertThat(onPhaser).hasSize(parties * (2 * phases + 1) + 1);
        for (long k = 0; k <= phases; k++) {
            int lastCountDown = -1;
            int firstAwait = Integer.MAX_VALUE;
            int countDowns = 0;
            for (int i = 0; i < onPhaser.size(); i++) {
                Recording.Op op = onPhaser.get(i);
                if (op.aux() != k) continue;
                if (op.kind() == LATCH_COUNT_DOWN) {
                    lastCountDown = Math.max(lastCountDown, i);
                    countDowns++;
                } else {
                    firstAwait = Math.min(firstAwait, i);
                }
            }
            assertThat(countDowns).as("arrivals at phase " + k).isEqualTo(parties);
            assertThat(lastCountDown).as("phase " + k).isLessThan(firstAwait);
        }
        assertThat(onPhaser).extracting(Recording.Op::site).contains("PhaserSubject$LoggingPhaser.arriveAndAwaitAdvance",
                "PhaserSubject$LoggingPhaser.arrive", "PhaserSubject$LoggingPhaser.awaitAdvance",
                "PhaserSubject$LoggingPhaser.awaitAdvanceInterruptibly", "PhaserSubject$LoggingPhaser.arriveAndDeregister");
        // The program's own log: each phase advanced after all its parties logged their arrival.
        for (int k = 0; k < phases; k++) {
            int advance = log.indexOf("advance:" + k);
            for (int t = 0; t < parties; t++) assertThat(log.indexOf("party-" + t + ":" + k)).isLessThan(advance);
        }
    }

    @Test
    void aTimedOutOrInterruptedAwaitRecordsNothing() throws Exception {
        Recording r = Recording.of(dir.resolve("timeout.wtrace"), PhaserSubject.class,
                c -> c.getMethod("timeoutAndInterrupt").invoke(null));
        assertThat(r.list()).containsExactly("TimeoutException", "InterruptedException", "arrived:0", "now:1");
        List<Event> main = r.syncs(Thread.currentThread().getName());
        // the self-interrupt and the handler that catches it (HandOversTest)
        assertThat(main).extracting(Event::kind).containsExactly(THREAD_BEGIN, LATCH_COUNT_DOWN, VOLATILE_WRITE, VOLATILE_READ, LATCH_COUNT_DOWN,
                LATCH_AWAIT, THREAD_END);
        main = main.stream().filter(e -> e.kind() != VOLATILE_WRITE && e.kind() != VOLATILE_READ).toList();
        assertThat(main.subList(1, 4)).extracting(Event::aux).containsExactly(0L, 0L, 0L);
        assertThat(main.subList(1, 4)).extracting(r::site).containsExactly("Phaser.arrive", "Phaser.arrive", "Phaser.awaitAdvance");
    }
}
