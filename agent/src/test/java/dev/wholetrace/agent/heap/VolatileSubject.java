package dev.wholetrace.agent.heap;

/** Publication through a volatile flag, and a field reached through a subclass-typed reference. */
public final class VolatileSubject {
    public static class Base {
        public int shared;
    }

    public static final class Sub extends Base {}

    volatile boolean ready;
    int data;

    /** A writer publishes data through ready; the reader spins on ready, then reads data. */
    public static int publish() throws InterruptedException {
        VolatileSubject s = new VolatileSubject();
        Thread writer = new Thread(() -> {
            s.data = 42;
            s.ready = true;
        }, "writer");
        writer.start();
        while (!s.ready) Thread.onSpinWait();
        int seen = s.data;
        writer.join();
        return seen;
    }

    /** The same field written through a Sub and read through a Base: one address. */
    public static int inherited() {
        Sub sub = new Sub();
        sub.shared = 5;
        Base base = sub;
        return base.shared;
    }
}
