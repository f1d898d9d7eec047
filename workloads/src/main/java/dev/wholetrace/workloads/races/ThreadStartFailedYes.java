package dev.wholetrace.workloads.races;

import java.util.ArrayList;
import java.util.List;

/**
 * A start that starts nothing hands nothing over: thread B writes {@code data}, then calls {@code start()}
 * on threads that do not start — one main started and joined (started again: IllegalThreadStateException),
 * a Thread subclass whose {@code start()} refuses before {@code super.start()}, and on JDK 21+ a virtual
 * thread main started and joined — catching each exception, and sets the plain {@code attempted}. Main
 * spins on {@code attempted} (that spin is itself a race), joins each of those threads, then reads {@code
 * data}, before joining B. A join orders a thread's actions before it (JLS 17.4.5); these threads' starts
 * by B did nothing, so nothing orders B's write before main's read. Races on {@code attempted} and {@code data}.
 */
public final class ThreadStartFailedYes {
    public static final String[] RACES = {"ThreadStartFailedYes.attempted", "ThreadStartFailedYes.data"};

    static int data;
    static boolean attempted;

    /** Refuses to start: the thread stays new and never runs. */
    static final class Refusing extends Thread {
        @Override
        public synchronized void start() {
            throw new IllegalStateException("refused");
        }
    }

    public static void main(String[] args) throws Exception {
        data = 0;
        attempted = false;
        List<Thread> targets = new ArrayList<>();
        Thread once = new Thread(() -> { });
        once.start();
        once.join();
        targets.add(once);
        targets.add(new Refusing());
        if (Runtime.version().feature() >= 21) { // the suite is compiled for 17: the builder by reflection
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Thread virtual = (Thread) Class.forName("java.lang.Thread$Builder").getMethod("unstarted", Runnable.class)
                    .invoke(builder, (Runnable) () -> { });
            virtual.start();
            virtual.join();
            targets.add(virtual);
        }
        Thread b = new Thread(() -> {
            data = 1;
            for (Thread t : targets) {
                try {
                    t.start();
                } catch (RuntimeException expected) {
                    // started before, or refused: nothing started
                }
            }
            attempted = true;
        });
        b.start();
        while (!attempted) Thread.yield();
        for (Thread t : targets) t.join();
        int seen = data;
        b.join();
        System.out.println("data=" + seen);
    }
}
