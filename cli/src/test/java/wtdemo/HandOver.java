package wtdemo;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

/**
 * A program recorded by the agent tests: threads take one monitor in turns and log, inside it,
 * who had it; then it echoes a line of stdin and exits with code 7.
 */
public final class HandOver {
    private static final Object MONITOR = new Object();
    private static final List<String> LOG = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            ts[t] = new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    synchronized (MONITOR) {
                        LOG.add(Thread.currentThread().getName());
                    }
                }
            }, "worker-" + t);
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("order " + String.join(" ", LOG));
        System.out.println("echo " + new BufferedReader(new InputStreamReader(System.in)).readLine());
        System.exit(7);
    }
}
