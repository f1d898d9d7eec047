package dev.wholetrace.analysis.dataflow;

/** Methods whose access dependences AccessSourcesTest knows. */
final class Subjects {
    static int subscript;
    static int[] a = new int[4];
    Subjects next;
    int value;

    /** Paper Figure 7, thread 2: x := Subscript; y := A[x]. */
    static int figure7() {
        int x = subscript;
        return a[x];
    }

    /** The store to b[0] runs only when subscript > 0. */
    static void controlled(int[] b) {
        if (subscript > 0) {
            b[0] = 1;
        }
        b[1] = 2; // runs either way
    }

    /** The second read's object comes from the first. */
    static int chain(Subjects s) {
        return s.next.value;
    }

    /** A call's result is not followed back to its argument. */
    static int throughCall() {
        return a[Math.abs(subscript) % 4];
    }

    static double[][] grid = new double[4][4];
    double[] row = new double[4];

    /** The element's array comes from grid through an outer array and a local. */
    static double gridCell(int i, int j) {
        double[] r = grid[i];
        return r[j];
    }

    /** An instance field's array. */
    void rowStore(int j) {
        row[j] = 1.0;
    }

    /** Arithmetic and locals are followed: the index is subscript + 1, stored and reloaded. */
    static int arithmetic() {
        int i = subscript;
        i = i + 1;
        return a[i & 3];
    }

    static java.util.Map<String, Integer> cache = new java.util.HashMap<>();

    static StringBuilder log = new StringBuilder();

    /** A receiver past an argument of two slots (a long): one value of the frame's stack. */
    static void logValue(long value) {
        log.append(value);
    }

    /** A collection's receiver, through a local. */
    static void remember(String key, long value) {
        java.util.Map<String, Integer> c = cache;
        c.put(key, (int) value);
        java.util.Objects.hash(key, value); // a static call: no receiver
    }
}
