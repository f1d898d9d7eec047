package wtdemo;

/**
 * Two workers: both increment {@code counter} without synchronisation (a race), write disjoint
 * halves of {@code cells} (no race), and update {@code guarded} under a monitor (no race); the main
 * thread reads everything after joining them (no race). Prints "done".
 */
public final class RacyCounter {
    static int counter;
    static final int[] cells = new int[64];
    static int guarded;
    static final Object lock = new Object();

    public static void main(String[] args) throws Exception {
        Thread a = new Thread(() -> work(0), "a");
        Thread b = new Thread(() -> work(1), "b");
        a.start();
        b.start();
        a.join();
        b.join();
        int sum = counter + guarded;
        for (int c : cells) sum += c;
        System.out.println(sum >= 0 ? "done" : "impossible");
    }

    private static void work(int half) {
        for (int i = 0; i < 100; i++) {
            counter++;
            cells[half * 32 + i % 32] = i;
            synchronized (lock) {
                guarded++;
            }
        }
    }
}
