package dev.wholetrace.agent.sync;

/** Library-like code (starts and joins a thread, locks, reads a volatile, writes plain fields) instrumented as an unselected class. */
public final class SyncOnlySubject {
    static int plain;
    static volatile boolean flag;
    int counter;

    /** A worker writes {@code counter} under a monitor; the caller joins it, then reads a volatile. */
    public static int startLockJoin() throws InterruptedException {
        SyncOnlySubject s = new SyncOnlySubject();
        Thread t = new Thread(() -> {
            synchronized (s) {
                s.counter++;
            }
            flag = true;
        }, "sync-only-worker");
        t.start();
        t.join();
        plain = s.counter;
        return flag ? plain : -1;
    }
}
