package dev.wholetrace.agent.sync;

import java.util.ArrayList;
import java.util.List;

/** Class initialization as the only hand-over between two threads, run instrumented by {@link ClassInitTest}. */
public final class ClassInitSubject {
    /** The thread that ran Table's initializer, written inside it (read after the joins). */
    static String initializer;

    private ClassInitSubject() {}

    /** A table its initializer fills; the data is reached only through its static fields. */
    static final class Table {
        static int size = 1000;
        static final int[] SQUARES = fill();

        private Table() {}

        /** Called by the initializer: reads {@code size}, a static of the class being initialized. */
        private static int[] fill() {
            initializer = Thread.currentThread().getName();
            int[] a = new int[size];
            for (int i = 0; i < a.length; i++) a[i] = i * i;
            return a;
        }

        static int sum() {
            int s = 0;
            for (int v : SQUARES) s += v;
            return s;
        }

        /** Its monitor is the class object, the object of the initializer's end. */
        static synchronized int length() {
            return SQUARES.length;
        }
    }

    /**
     * Threads "A" and "B" each sum the table twice; whichever touches it first initializes it,
     * the other waits for that inside the JVM: its only edge to the table's contents. Returns the
     * initializer's name, both threads' sums, then the length the main thread sees afterwards.
     */
    public static List<Object> race() throws InterruptedException {
        long[] sums = new long[2];
        Thread a = new Thread(() -> sums[0] = (long) Table.sum() + Table.sum(), "A");
        Thread b = new Thread(() -> sums[1] = (long) Table.sum() + Table.sum(), "B");
        a.start();
        b.start();
        a.join();
        b.join();
        return List.of(initializer, sums[0], sums[1], Table.length());
    }

    /** An initializer that throws. */
    static final class Broken {
        static final int[] DATA = explode();

        private Broken() {}

        private static int[] explode() {
            throw new IllegalStateException("boom");
        }
    }

    /** Touches Broken twice: what each attempt threw (class, message, top frame, and causes). */
    public static List<String> brokenTwice() {
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            try {
                seen.add("length " + Broken.DATA.length);
            } catch (Throwable t) {
                seen.add(describe(t));
            }
        }
        return seen;
    }

    private static String describe(Throwable t) {
        StackTraceElement[] frames = t.getStackTrace();
        String top = frames.length == 0 ? "" : " at " + frames[0].getClassName() + "." + frames[0].getMethodName() + ":" + frames[0].getLineNumber();
        return t.getClass().getName() + ": " + t.getMessage() + top + (t.getCause() == null ? "" : " <- " + describe(t.getCause()));
    }
}
