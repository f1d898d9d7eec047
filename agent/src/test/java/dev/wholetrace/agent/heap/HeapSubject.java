package dev.wholetrace.agent.heap;

/** Heap accesses whose recorded addresses HeapAccessTest knows in advance. */
public final class HeapSubject {
    static long counter;
    double[] row = new double[6]; // not final: reads of final fields are not recorded (FinalFieldsTest)
    int hits;

    /** Reads row[0..5] (stride 8), writes hits, reads and writes the static counter. */
    public double sweep() {
        double s = 0;
        for (int i = 0; i < row.length; i++) s += row[i];
        hits = hits + 1;
        counter += 2;
        return s;
    }

    /** Accesses that throw are not recorded: a null array and an index out of bounds. */
    public static int failing(int[] a) {
        int caught = 0;
        try {
            int[] none = null;
            none[0] = 1;
        } catch (NullPointerException e) {
            caught++;
        }
        try {
            a[a.length] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            caught++;
        }
        a[1] = 7; // the one that happens
        return caught;
    }

    /** An inner class writes its outer instance before super(): must not be probed (VerifyError). */
    public final class Inner {
        public int v;

        public Inner(int v) {
            this.v = v + hits;
        }
    }
}
