package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;

/**
 * Thread interruption as a hand-over (JLS 17.4.4: "If thread T1 interrupts thread T2, the
 * interrupt by T1 synchronizes-with any point where any other thread (including T2) determines
 * that T2 has been interrupted (by having an InterruptedException thrown or by invoking
 * Thread.interrupted or Thread.isInterrupted)"). Each thread's interrupt status is a volatile
 * variable at (the thread object's id, {@link #STATUS}): {@code interrupt()} is a volatile write
 * before the call, and a check that finds the thread interrupted a volatile read after it. A
 * check that finds it not interrupted acquires nothing. An InterruptedException caught by
 * application code counts as the current thread finding itself interrupted (docs/agent.md).
 */
public final class SyncInterrupts {
    /**
     * The interrupt status's offset in the thread object's address range: the second-highest 8-byte
     * slot (the highest is a queued element's hand-over), which no field slot reaches (fields are
     * numbered from 0).
     */
    static final long STATUS = SyntheticOffsets.INTERRUPT_STATUS;

    private SyncInterrupts() {}

    /** Before {@code thread.interrupt()}: a release of the thread's interrupt status. */
    public static void interrupting(Object thread, int site) {
        if (thread instanceof Thread) HeapProbes.volatileAccess(thread, STATUS, site, SyncKind.VOLATILE_WRITE);
    }

    /** After {@code thread.isInterrupted()} returned {@code interrupted}: an acquire if it did. Returns it. */
    public static boolean checked(Object thread, boolean interrupted, int site) {
        if (interrupted && thread instanceof Thread) HeapProbes.volatileAccess(thread, STATUS, site, SyncKind.VOLATILE_READ);
        return interrupted;
    }

    /** Replaces {@code Thread.interrupted()}: the call, then an acquire of the current thread's status if it was set. */
    public static boolean interrupted(int site) {
        boolean interrupted = Thread.interrupted();
        if (interrupted) HeapProbes.volatileAccess(Thread.currentThread(), STATUS, site, SyncKind.VOLATILE_READ);
        return interrupted;
    }

    /** At the entry of an application handler that may catch {@code caught}: an acquire when it is an InterruptedException. */
    public static void caught(Throwable caught, int site) {
        if (caught instanceof InterruptedException) HeapProbes.volatileAccess(Thread.currentThread(), STATUS, site, SyncKind.VOLATILE_READ);
    }
}
