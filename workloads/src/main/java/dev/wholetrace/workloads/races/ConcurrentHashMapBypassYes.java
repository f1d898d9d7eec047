package dev.wholetrace.workloads.races;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The writer stores a result object in a {@code ConcurrentHashMap} and then writes {@code shared};
 * the reader waits for the result with {@code get} and reads {@code shared}. The map orders the
 * reader after what the writer did before the put, not after: the write after the put races with
 * the read. A second key's value, put by another thread, orders nothing between these two.
 * Race on {@code shared}.
 */
public final class ConcurrentHashMapBypassYes {
    public static final String[] RACES = {"ConcurrentHashMapBypassYes.shared"};

    static int shared;

    public static void main(String[] args) throws Exception {
        Map<String, Object> results = new ConcurrentHashMap<>();
        Thread writer = new Thread(() -> {
            results.put("result", new Object());
            shared = 1;
        });
        Thread other = new Thread(() -> results.put("other", new Object()));
        Thread reader = new Thread(() -> {
            while (results.get("result") == null || results.get("other") == null) Thread.onSpinWait();
            int s = shared; // 0 or 1
            if (s != 0 && s != 1) throw new AssertionError();
        });
        writer.start();
        other.start();
        reader.start();
        writer.join();
        other.join();
        reader.join();
        System.out.println("done");
    }
}
