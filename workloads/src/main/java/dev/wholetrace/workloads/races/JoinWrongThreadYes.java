package dev.wholetrace.workloads.races;

/**
 * Main joins the first worker but reads both workers' results before joining the second: the
 * read of {@code first} is ordered by its join, the read of {@code second} is not. Race on {@code
 * second} only.
 */
public final class JoinWrongThreadYes {
    public static final String[] RACES = {"JoinWrongThreadYes.second"};

    int first;
    int second;

    public static void main(String[] args) throws Exception {
        JoinWrongThreadYes p = new JoinWrongThreadYes();
        Thread a = new Thread(() -> p.first = 1);
        Thread b = new Thread(() -> p.second = 2);
        a.start();
        b.start();
        a.join();
        int sum = p.first + p.second; // second: 0 or 2
        b.join();
        if (sum != 1 && sum != 3) throw new AssertionError();
        System.out.println("done");
    }
}
