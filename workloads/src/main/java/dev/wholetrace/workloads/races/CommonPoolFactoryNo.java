package dev.wholetrace.workloads.races;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * The program's own code inside a JDK class's initializer: {@code main} names its own common-pool thread factory
 * (a system property the pool reads once), and ForkJoinPool's static initializer, run by main's first use of the
 * pool, instantiates it (JDK 17 and 25). The factory's constructor writes {@code config} and publishes it through
 * a ConcurrentHashMap, on which another thread waits before it reads {@code config}. The agent keeps the JDK's
 * own work in a hooked class's initializer out of the trace (docs/agent.md, "The agent leaves the JDK's settings
 * to the program"), but the factory's hand-over is the program's: the put must stay recorded. No race.
 */
public final class CommonPoolFactoryNo {
    public static final String[] RACES = {};

    static final ConcurrentHashMap<String, Boolean> READY = new ConcurrentHashMap<>();
    static int config;

    /** The common pool's thread factory, which the pool's initializer instantiates. */
    public static final class Factory implements ForkJoinPool.ForkJoinWorkerThreadFactory {
        public Factory() {
            config = 42;
            READY.put("config", Boolean.TRUE);
        }

        @Override
        public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
            return ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
        }
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.util.concurrent.ForkJoinPool.common.threadFactory", Factory.class.getName());
        int[] seen = new int[1];
        Thread reader = new Thread(() -> {
            while (READY.get("config") == null) Thread.onSpinWait();
            seen[0] = config;
        });
        reader.start();
        ForkJoinPool.commonPool(); // ForkJoinPool's initializer runs here, and the factory's constructor in it
        boolean factoryRan = READY.containsKey("config");
        if (!factoryRan) { // the pool was made before main (not the program's settings): publish here, so the reader ends
            config = 42;
            READY.put("config", Boolean.TRUE);
        }
        reader.join();
        System.out.println("config=" + seen[0]); // not factoryRan: the suite also runs its programs in one JVM, whose pool exists
    }
}
