package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Phaser patterns, run instrumented by {@link PhaserTest}. */
public final class PhaserSubject {
    private PhaserSubject() {}

    /** An application subclass, named as the static type: matched by name and descriptor. */
    static final class LoggingPhaser extends Phaser {
        final List<String> log;

        LoggingPhaser(int parties, List<String> log) {
            super(parties);
            this.log = log;
        }

        @Override
        protected boolean onAdvance(int phase, int registeredParties) {
            log.add("advance:" + phase);
            return super.onAdvance(phase, registeredParties);
        }
    }

    /**
     * {@code parties} threads pass {@code phases} phases, logging "name:phase" before arriving:
     * party 0 with arriveAndAwaitAdvance, party 1 with arrive and awaitAdvance, the others with
     * arrive and awaitAdvanceInterruptibly (timed on odd phases). Then party 1 awaits phase 0
     * again (long past: an await) and a future phase (returns at once: nothing); every party
     * deregisters, which terminates the phaser; the caller arrives and awaits on the terminated
     * phaser (nothing). Returns the log.
     */
    public static List<String> phases(int parties, int phases) throws InterruptedException {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        LoggingPhaser phaser = new LoggingPhaser(parties, log);
        Thread[] ts = new Thread[parties];
        for (int t = 0; t < parties; t++) {
            int party = t;
            ts[t] = new Thread(() -> {
                try {
                    for (int p = 0; p < phases; p++) {
                        log.add(Thread.currentThread().getName() + ":" + p);
                        if (party == 0) {
                            phaser.arriveAndAwaitAdvance();
                        } else if (party == 1) {
                            phaser.awaitAdvance(phaser.arrive());
                        } else if (p % 2 == 0) {
                            phaser.awaitAdvanceInterruptibly(phaser.arrive());
                        } else {
                            phaser.awaitAdvanceInterruptibly(phaser.arrive(), 10, TimeUnit.SECONDS);
                        }
                    }
                    if (party == 1) {
                        log.add("past:" + phaser.awaitAdvance(0));
                        log.add("future:" + phaser.awaitAdvance(phases + 5));
                    }
                    phaser.arriveAndDeregister();
                } catch (InterruptedException | TimeoutException e) {
                    throw new IllegalStateException(e);
                }
            }, "party-" + t);
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        log.add("terminated:" + phaser.isTerminated() + ":" + (phaser.arrive() < 0) + ":" + (phaser.awaitAdvance(phases) < 0));
        return log;
    }

    /**
     * One thread, a phaser of two parties: a timed await that times out and an interrupted one
     * record nothing; the second arrival advances the phase, and the await after it is recorded.
     */
    public static List<String> timeoutAndInterrupt() {
        Phaser phaser = new Phaser(2);
        List<String> out = new ArrayList<>();
        int phase = phaser.arrive();
        try {
            phaser.awaitAdvanceInterruptibly(phase, 1, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | InterruptedException e) {
            out.add(e.getClass().getSimpleName());
        }
        Thread.currentThread().interrupt();
        try {
            phaser.awaitAdvanceInterruptibly(phase);
        } catch (InterruptedException e) {
            out.add(e.getClass().getSimpleName());
        }
        out.add("arrived:" + phaser.arrive());
        out.add("now:" + phaser.awaitAdvance(phase));
        return out;
    }
}
