package dev.wholetrace.workloads.races;

/**
 * Two threads write adjacent bytes of one {@code byte[]} ({@code flags[0]} and {@code flags[1]}):
 * the same machine word, but Java has no word tearing and the elements are distinct variables.
 * No race (a detector must address elements by index times element size, not by word).
 */
public final class ByteArrayAdjacentNo {
    public static final String[] RACES = {};

    static byte[] flags;

    static void toggle(int i) {
        for (int k = 0; k < 500; k++) flags[i] ^= 1;
        flags[i] += (byte) (10 * (i + 1));
    }

    public static void main(String[] args) throws Exception {
        flags = new byte[2];
        Thread a = new Thread(() -> toggle(0));
        Thread b = new Thread(() -> toggle(1));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("flags=" + flags[0] + "," + flags[1]);
    }
}
