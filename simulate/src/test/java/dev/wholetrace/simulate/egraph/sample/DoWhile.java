package dev.wholetrace.simulate.egraph.sample;

/** A do-while loop at a method's first instruction (its body at bci 0, its test at the bottom), for ProfileLoopTripsTest. */
public final class DoWhile {
    public static void main(String[] args) {
        int s = 0;
        for (int k = 0; k < 5; k++) s += halve(1 << (k + 3));
        System.out.println(s);
    }

    static int halve(int n) {
        do {
            n >>= 1;
        } while (n > 1);
        return n;
    }
}
