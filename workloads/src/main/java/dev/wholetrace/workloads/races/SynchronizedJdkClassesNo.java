package dev.wholetrace.workloads.races;

import java.util.Hashtable;
import java.util.Vector;

/**
 * The JDK's synchronized classes as hand-overs: the writer fills an object and adds it to a {@code
 * Vector}, puts another into a {@code Hashtable}, and appends to a {@code StringBuffer} after
 * writing {@code note}; the reader waits on each (their synchronized methods lock the object
 * itself) and reads what came before, the Vector also inside its own {@code synchronized (vector)}
 * block. No race.
 */
public final class SynchronizedJdkClassesNo {
    public static final String[] RACES = {};

    int value;

    static int note;
    static int total;

    public static void main(String[] args) throws Exception {
        Vector<SynchronizedJdkClassesNo> vector = new Vector<>();
        Hashtable<String, SynchronizedJdkClassesNo> table = new Hashtable<>();
        StringBuffer log = new StringBuffer();
        Thread writer = new Thread(() -> {
            SynchronizedJdkClassesNo a = new SynchronizedJdkClassesNo(), b = new SynchronizedJdkClassesNo();
            a.value = 1;
            b.value = 2;
            vector.add(a);
            table.put("b", b);
            note = 3;
            log.append("written");
        });
        Thread reader = new Thread(() -> {
            while (vector.isEmpty() || !table.containsKey("b") || log.length() == 0) Thread.onSpinWait();
            int s;
            synchronized (vector) {
                s = vector.get(0).value;
            }
            s += table.get("b").value;
            s += note;
            total = s;
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println(total);
    }
}
