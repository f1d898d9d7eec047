package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;

/** Object.wait patterns, run instrumented (and plain, for comparison) by {@link WaitTest}. */
public final class WaitSubject {
    private final Object monitor = new Object();
    private int slot; // 0: empty
    private final List<String> log = new ArrayList<>();

    /**
     * A producer puts 1..rounds into a one-element slot, a consumer takes them, each waiting on the
     * monitor while it cannot proceed; both log inside the monitor. Returns the log.
     */
    public static List<String> producerConsumer(int rounds) throws InterruptedException {
        WaitSubject s = new WaitSubject();
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= rounds; i++) s.put(i);
        }, "producer");
        Thread consumer = new Thread(() -> {
            for (int i = 1; i <= rounds; i++) s.take();
        }, "consumer");
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        return s.log;
    }

    private void put(int value) {
        synchronized (monitor) {
            while (slot != 0) {
                try {
                    monitor.wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            slot = value;
            log.add("put " + value);
            monitor.notifyAll();
        }
    }

    private void take() {
        synchronized (monitor) {
            while (slot == 0) {
                try {
                    monitor.wait(1000); // timed: the same hand-over as wait()
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            log.add("take " + slot);
            slot = 0;
            monitor.notifyAll();
        }
    }

    /**
     * A thread waits on a monitor until it is interrupted, then leaves the monitor. Returns the
     * InterruptedException as the waiter caught it.
     */
    public static Throwable interruptedWait() throws InterruptedException {
        Object monitor = new Object();
        Throwable[] caught = new Throwable[1];
        Thread waiter = new Thread(() -> {
            synchronized (monitor) {
                try {
                    monitor.wait();
                } catch (InterruptedException e) {
                    caught[0] = e;
                }
            }
        }, "waiter");
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING) Thread.onSpinWait();
        waiter.interrupt();
        waiter.join();
        return caught[0];
    }

    /**
     * Timed waits inside the monitor; a wait outside it (IllegalMonitorStateException) and one
     * with a negative timeout (IllegalArgumentException) release nothing. Returns the two exceptions.
     */
    public static List<Throwable> timedAndFailedWaits() throws InterruptedException {
        Object monitor = new Object();
        List<Throwable> failures = new ArrayList<>();
        synchronized (monitor) {
            monitor.wait(1);
            monitor.wait(1, 500);
            try {
                monitor.wait(-1);
            } catch (IllegalArgumentException e) {
                failures.add(e);
            }
        }
        try {
            monitor.wait();
        } catch (IllegalMonitorStateException e) {
            failures.add(e);
        }
        return failures;
    }
}
