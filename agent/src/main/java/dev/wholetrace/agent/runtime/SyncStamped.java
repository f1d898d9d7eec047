package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * StampedLock probes: its write and read modes are one lock in the trace, with aux
 * {@link SyncKind#LOCK_EXCLUSIVE} or {@link SyncKind#LOCK_SHARED}, as a ReadWriteLock's.
 * A lock is recorded after a call returned a stamp (zero: not acquired); an unlock before a call
 * whose stamp is valid for the mode it releases (otherwise the call throws and releases nothing).
 * A conversion is an unlock of the old mode and a lock of the new one, the unlock before the call
 * when the new mode is shared (others may enter at once) and after it when it is exclusive (nobody
 * can). Optimistic reads are not modelled (docs/agent.md). Any owner: the receiver is checked.
 */
public final class SyncStamped {
    private static final long SHARED = SyncKind.LOCK_SHARED;
    private static final long EXCLUSIVE = SyncKind.LOCK_EXCLUSIVE;

    private SyncStamped() {}

    /** After writeLock(), writeLockInterruptibly(), tryWriteLock(...). Returns {@code stamp}. */
    public static long writeLocked(Object lock, long stamp, int site) {
        if (stamp != 0 && lock instanceof StampedLock) SyncProbes.record(SyncKind.LOCK, site, lock, EXCLUSIVE);
        return stamp;
    }

    /** After readLock(), readLockInterruptibly(), tryReadLock(...). Returns {@code stamp}. */
    public static long readLocked(Object lock, long stamp, int site) {
        if (stamp != 0 && lock instanceof StampedLock) SyncProbes.record(SyncKind.LOCK, site, lock, SHARED);
        return stamp;
    }

    /** Before unlockWrite(stamp). */
    public static void writeUnlocking(Object lock, long stamp, int site) {
        if (lock instanceof StampedLock l && heldWrite(l, stamp)) SyncProbes.record(SyncKind.UNLOCK, site, lock, EXCLUSIVE);
    }

    /** Before unlockRead(stamp). */
    public static void readUnlocking(Object lock, long stamp, int site) {
        if (lock instanceof StampedLock l && heldRead(l, stamp)) SyncProbes.record(SyncKind.UNLOCK, site, lock, SHARED);
    }

    /** Before unlock(stamp): the mode is the stamp's. */
    public static void unlocking(Object lock, long stamp, int site) {
        if (!(lock instanceof StampedLock l)) return;
        if (heldWrite(l, stamp)) SyncProbes.record(SyncKind.UNLOCK, site, lock, EXCLUSIVE);
        else if (heldRead(l, stamp)) SyncProbes.record(SyncKind.UNLOCK, site, lock, SHARED);
    }

    /** Before tryUnlockWrite(): it releases the write lock if it is held. */
    public static void tryWriteUnlocking(Object lock, int site) {
        if (lock instanceof StampedLock l && l.isWriteLocked()) SyncProbes.record(SyncKind.UNLOCK, site, lock, EXCLUSIVE);
    }

    /** Before tryUnlockRead(): it releases one read hold if there is one. */
    public static void tryReadUnlocking(Object lock, int site) {
        if (lock instanceof StampedLock l && l.isReadLocked()) SyncProbes.record(SyncKind.UNLOCK, site, lock, SHARED);
    }

    /**
     * After tryConvertToWriteLock(stamp) returned {@code converted} (zero: failed). From a read
     * lock: unlock shared, lock exclusive (recorded after, while this thread holds the lock alone);
     * from an optimistic stamp: lock exclusive; from the write lock: nothing changed.
     */
    public static long convertedToWrite(Object lock, long converted, long stamp, int site) {
        if (converted == 0 || !(lock instanceof StampedLock) || StampedLock.isWriteLockStamp(stamp)) return converted;
        if (StampedLock.isReadLockStamp(stamp)) SyncProbes.record(SyncKind.UNLOCK, site, lock, SHARED);
        SyncProbes.record(SyncKind.LOCK, site, lock, EXCLUSIVE);
        return converted;
    }

    /** Before tryConvertToReadLock(stamp): from a valid write stamp it always succeeds, releasing the write lock. */
    public static void convertingToRead(Object lock, long stamp, int site) {
        if (lock instanceof StampedLock l && heldWrite(l, stamp)) SyncProbes.record(SyncKind.UNLOCK, site, lock, EXCLUSIVE);
    }

    /** After tryConvertToReadLock(stamp): a shared lock, unless it already was one (or failed). */
    public static long convertedToRead(Object lock, long converted, long stamp, int site) {
        if (converted != 0 && lock instanceof StampedLock && !StampedLock.isReadLockStamp(stamp)) SyncProbes.record(SyncKind.LOCK, site, lock, SHARED);
        return converted;
    }

    /** Before tryConvertToOptimisticRead(stamp): from a valid lock stamp it releases that lock. */
    public static void convertingToOptimistic(Object lock, long stamp, int site) {
        unlocking(lock, stamp, site);
    }

    /** After asReadLock(): the view's lock operations are the StampedLock's, shared. Returns it. */
    public static Lock readViewCreated(Object lock, Lock view, int site) {
        if (lock instanceof StampedLock) SyncReadWriteLocks.viewCreated(lock, view, SHARED);
        return view;
    }

    /** After asWriteLock(): the view's lock operations are the StampedLock's, exclusive. Returns it. */
    public static Lock writeViewCreated(Object lock, Lock view, int site) {
        if (lock instanceof StampedLock) SyncReadWriteLocks.viewCreated(lock, view, EXCLUSIVE);
        return view;
    }

    /**
     * After asReadWriteLock(): its readLock() and writeLock() return asReadLock() and asWriteLock()
     * (JDK code, not seen), so those two views are registered now. Returns the view.
     */
    public static ReadWriteLock viewsCreated(Object lock, ReadWriteLock view, int site) {
        if (lock instanceof StampedLock l) {
            SyncReadWriteLocks.viewCreated(l, l.asReadLock(), SHARED);
            SyncReadWriteLocks.viewCreated(l, l.asWriteLock(), EXCLUSIVE);
        }
        return view;
    }

    /** {@code stamp} is the write lock's current stamp: unlockWrite(stamp) will release it. */
    private static boolean heldWrite(StampedLock l, long stamp) {
        return StampedLock.isWriteLockStamp(stamp) && l.validate(stamp);
    }

    /** {@code stamp} is a read stamp of the current read-locked state: unlockRead(stamp) will release one hold. */
    private static boolean heldRead(StampedLock l, long stamp) {
        return StampedLock.isReadLockStamp(stamp) && l.validate(stamp) && l.isReadLocked();
    }
}
