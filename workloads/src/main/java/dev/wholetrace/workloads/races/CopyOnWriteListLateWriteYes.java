package dev.wholetrace.workloads.races;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The registrar adds a listener to a {@code CopyOnWriteArrayList} and then sets {@code shared};
 * the dispatcher waits until the list is not empty, calls every listener, and reads {@code shared}.
 * The list orders the dispatcher after the add, not after the write that follows it.
 * Race on {@code shared}.
 */
public final class CopyOnWriteListLateWriteYes {
    public static final String[] RACES = {"CopyOnWriteListLateWriteYes.shared"};

    static int shared;

    public static void main(String[] args) throws Exception {
        List<Runnable> listeners = new CopyOnWriteArrayList<>();
        Thread registrar = new Thread(() -> {
            listeners.add(() -> { });
            shared = 1;
        });
        Thread dispatcher = new Thread(() -> {
            while (listeners.isEmpty()) Thread.onSpinWait();
            listeners.forEach(Runnable::run);
            int s = shared; // 0 or 1
            if (s != 0 && s != 1) throw new AssertionError();
        });
        registrar.start();
        dispatcher.start();
        registrar.join();
        dispatcher.join();
        System.out.println("done");
    }
}
