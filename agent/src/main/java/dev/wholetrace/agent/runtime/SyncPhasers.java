package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.util.concurrent.Phaser;

/**
 * Phaser probes: a Phaser is a latch per phase, so its operations are the latch kinds with aux =
 * the phase. An arrival is a count-down of the phase it arrives at, recorded before it (the phase
 * is read then: a registered party that has not arrived holds the phase back, so it is the
 * arrival's); an await is recorded after the phase it waited for advanced. Nothing once the
 * phaser is terminated (a negative phase). Any owner: the receiver is checked.
 *
 * <p>Return values (checked on JDK 17): arrive() and arriveAndDeregister() return the arrival
 * phase; arriveAndAwaitAdvance() returns the next phase, despite its javadoc; awaitAdvance(p)
 * returns the next phase after waiting, the current phase at once when it is not p, and p when p
 * is negative; all return a negative number once the phaser is terminated.
 */
public final class SyncPhasers {
    /** Phases count up to this, then start again at 0. */
    private static final int MAX_PHASE = Integer.MAX_VALUE;

    private SyncPhasers() {}

    /** Before arrive(), arriveAndDeregister(), arriveAndAwaitAdvance(): a count-down of the current phase. */
    public static void arriving(Object phaser, int site) {
        if (!(phaser instanceof Phaser p)) return;
        int phase = p.getPhase();
        if (phase >= 0) SyncProbes.record(SyncKind.LATCH_COUNT_DOWN, site, p, phase);
    }

    /** After arriveAndAwaitAdvance() returned {@code next}: the phase before it advanced is awaited. Returns {@code next}. */
    public static int advanced(Object phaser, int next, int site) {
        if (next >= 0 && phaser instanceof Phaser) SyncProbes.record(SyncKind.LATCH_AWAIT, site, phaser, (next - 1) & MAX_PHASE);
        return next;
    }

    /**
     * After awaitAdvance(phase) or awaitAdvanceInterruptibly(phase[, timeout, unit]) returned
     * {@code now}: an await of {@code phase} if the phaser has moved past it (not when it returned
     * at once because the phaser was at another phase, nor when it is terminated). Returns {@code now}.
     */
    public static int awaited(Object phaser, int now, int phase, int site) {
        boolean advanced = phase >= 0 && now >= 0 && (now > phase || now == 0 && phase == MAX_PHASE);
        if (advanced && phaser instanceof Phaser) SyncProbes.record(SyncKind.LATCH_AWAIT, site, phaser, phase);
        return now;
    }
}
