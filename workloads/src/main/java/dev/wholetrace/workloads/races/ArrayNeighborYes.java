package dev.wholetrace.workloads.races;

/**
 * A smoothing step in place without a barrier: thread 0 owns cells 0..3, thread 1 cells 4..7,
 * and each reads its neighbour across the boundary (cells 3 and 4) while the owner writes it.
 * Race on elements of {@code cells} (3 and 4: a read against a write each).
 */
public final class ArrayNeighborYes {
    public static final String[] RACES = {"ArrayNeighborYes.cells[]"};

    static int[] cells;

    static void smooth(int from, int to) {
        for (int step = 0; step < 10; step++) {
            for (int i = from; i < to; i++) {
                int left = i > 0 ? cells[i - 1] : 0;
                int right = i < cells.length - 1 ? cells[i + 1] : 0;
                cells[i] = (left + cells[i] + right) / 3;
            }
        }
    }

    public static void main(String[] args) throws Exception {
        cells = new int[] {9, 9, 9, 9, 0, 0, 0, 0};
        Thread a = new Thread(() -> smooth(0, 4));
        Thread b = new Thread(() -> smooth(4, 8));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done"); // the cells depend on the schedule
    }
}
