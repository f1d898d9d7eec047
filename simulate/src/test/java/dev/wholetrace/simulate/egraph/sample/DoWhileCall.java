package dev.wholetrace.simulate.egraph.sample;

/**
 * A do-while loop at a method's first instruction whose body calls a method: the call ends the START vertex, so the
 * loop's test is a later vertex whose back edge goes to START (for ProfileLoopTripsTest). Main has DoWhile's shape.
 */
public final class DoWhileCall {
    public static void main(String[] args) {
        int s = 0;
        for (int k = 0; k < 5; k++) s += walk(1 << (k + 3));
        System.out.println(s);
    }

    static int walk(int n) {
        do {
            n = step(n);
        } while (n > 1);
        return n;
    }

    static int step(int n) {
        return n >> 1;
    }
}
