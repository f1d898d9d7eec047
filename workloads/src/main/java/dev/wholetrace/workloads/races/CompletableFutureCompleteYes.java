package dev.wholetrace.workloads.races;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * Completion bypassed: a thread completes the future and then writes {@code data} (the write comes
 * after the hand-over); main reads it after {@code join()}. A second thread, started after the
 * future is complete, writes {@code extra} and calls {@code complete} again, which fails and
 * publishes nothing, then unparks main; main waits for it with {@code LockSupport.park()} (which orders nothing;
 * until session 44 it polled {@code isAlive()}, which does order, JLS 17.4.4, and is recorded as a join now), joins
 * the future again and reads {@code extra}. Races on {@code data} and {@code extra}.
 */
public final class CompletableFutureCompleteYes {
    public static final String[] RACES = {"CompletableFutureCompleteYes.data", "CompletableFutureCompleteYes.extra"};

    static int data;
    static int extra;

    public static void main(String[] args) throws Exception {
        CompletableFuture<Integer> future = new CompletableFuture<>();
        Thread completer = new Thread(() -> {
            future.complete(1);
            data = 1;
        });
        completer.start();
        future.join();
        int seen = data; // 0 or 1
        Thread main = Thread.currentThread();
        Thread again = new Thread(() -> {
            extra = 2;
            if (future.complete(2)) throw new AssertionError();
            LockSupport.unpark(main);
        });
        again.start();
        LockSupport.park(); // returns after the unpark (or, rarely, spuriously: extra may then read 0)
        future.join();
        seen += extra; // 2 or 3 (0 or 1 after a spurious return)
        if (seen < 0 || seen > 3) throw new AssertionError();
        again.join();
        completer.join();
        System.out.println("done");
    }
}
