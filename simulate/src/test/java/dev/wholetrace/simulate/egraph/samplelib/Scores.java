package dev.wholetrace.simulate.egraph.samplelib;

/** A "library" for {@code sample.Async}: given to the graph builder only through its class path. */
public class Scores {
    public int score(int s) {
        int t = 0;
        for (int i = 0; i < s; i++) t += i % 7;
        return t;
    }
}
