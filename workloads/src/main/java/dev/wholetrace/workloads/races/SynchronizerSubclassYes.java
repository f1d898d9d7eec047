package dev.wholetrace.workloads.races;

/**
 * {@link SynchronizerSubclassNo}'s latch, with the completing thread writing {@code late} after the release: only what
 * it did before {@code releaseShared} is ordered before the waiter's read. Race on {@code late}.
 */
public final class SynchronizerSubclassYes {
    public static final String[] RACES = {"SynchronizerSubclassYes.late"};

    static int late;

    public static void main(String[] args) throws Exception {
        SynchronizerSubclassNo.Latch latch = new SynchronizerSubclassNo.Latch();
        Thread completer = new Thread(() -> {
            latch.complete("done");
            late = 1;
        }, "completer");
        completer.start();
        String got = latch.await();
        int seen = late; // 0 or 1
        if (!got.equals("done") || seen > 1) throw new AssertionError(got);
        System.out.println(got);
        completer.join();
    }
}
