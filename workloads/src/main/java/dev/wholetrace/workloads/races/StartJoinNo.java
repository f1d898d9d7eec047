package dev.wholetrace.workloads.races;

/**
 * Main writes the input before {@code start} (fork: ordered before everything the child does),
 * the child reads it and writes the output, main reads the output after {@code join}. No race.
 */
public final class StartJoinNo {
    public static final String[] RACES = {};

    int input;
    int output;

    public static void main(String[] args) throws Exception {
        StartJoinNo p = new StartJoinNo();
        p.input = 21;
        Thread child = new Thread(() -> p.output = p.input * 2);
        child.start();
        child.join();
        p.input = 0; // after the join: ordered after the child's read
        System.out.println("output=" + p.output);
    }
}
