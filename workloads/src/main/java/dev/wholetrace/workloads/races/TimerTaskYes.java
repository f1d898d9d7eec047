package dev.wholetrace.workloads.races;

import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;

/**
 * java.util.Timer: main writes {@code late} after {@code schedule}, the task reads it on the timer's thread:
 * only what main did before scheduling is ordered before the run. Race on {@code late}.
 */
public final class TimerTaskYes {
    public static final String[] RACES = {"TimerTaskYes.late"};

    static int early;
    static int late;

    public static void main(String[] args) throws Exception {
        Timer timer = new Timer("tour-timer", true);
        try {
            early = 1;
            CountDownLatch done = new CountDownLatch(1);
            int[] seen = new int[1];
            timer.schedule(new TimerTask() {
                @Override
                public void run() {
                    seen[0] = early + late; // late: 0 or 2
                    done.countDown();
                }
            }, 1);
            late = 2;
            done.await();
            if (seen[0] != 1 && seen[0] != 3) throw new AssertionError();
            System.out.println("ran");
        } finally {
            timer.cancel();
        }
    }
}
