package dev.wholetrace.simulate.egraph.samplelib;

import java.util.function.IntConsumer;

/** A "library" for {@code sample.Async}: given to the graph builder only through its class path. */
public class Scores {
    public int score(int s) {
        int t = 0;
        for (int i = 0; i < s; i++) t += i % 7;
        return t;
    }

    /** Calls {@code f} for 0 .. n-1: a library that calls the program back. */
    public void each(int n, IntConsumer f) {
        for (int i = 0; i < n; i++) f.accept(i);
    }
}
