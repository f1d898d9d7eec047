package dev.wholetrace.workloads.races;

import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;

/**
 * java.util.Timer: main writes {@code config} before {@code schedule}, the task reads it on the timer's
 * thread (the schedule happens-before the run: the timer's queue lock inside the JDK), writes {@code result}
 * and counts a latch down, which main awaits before reading it. Also a periodic task, read by each of its
 * runs. No race.
 */
public final class TimerTaskNo {
    public static final String[] RACES = {};

    static int config;
    static int result;
    static int period;
    static int ticks;

    public static void main(String[] args) throws Exception {
        Timer timer = new Timer("tour-timer", true);
        try {
            config = 20;
            CountDownLatch done = new CountDownLatch(1);
            timer.schedule(new TimerTask() {
                @Override
                public void run() {
                    result = config + 1;
                    done.countDown();
                }
            }, 5);
            done.await();
            period = 3;
            CountDownLatch three = new CountDownLatch(3);
            timer.scheduleAtFixedRate(new TimerTask() {
                @Override
                public void run() {
                    if (three.getCount() > 0) {
                        ticks += period;
                        three.countDown();
                    }
                }
            }, 1, 2);
            three.await();
            System.out.println("result=" + result);
        } finally {
            timer.cancel();
        }
    }
}
