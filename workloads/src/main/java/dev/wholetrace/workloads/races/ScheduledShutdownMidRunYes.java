package dev.wholetrace.workloads.races;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A periodic run still under way when main calls {@code shutdown()}: its task is not in the executor's queue when
 * shutdown walks it, so nothing orders what that run wrote before main's read after {@code shutdown()}. The first run
 * writes {@code last} and waits until the pool is shut down; the executor then asks the program's task (its
 * {@code decorateTask} wraps the pool's) whether it is periodic inside {@code reExecutePeriodic}, before it would put
 * the task back, and the task holds the run there until main has read. Main's {@code shutdown()} asks the same of a
 * second, far delayed task in the queue while it walks it, which holds main there until the run got to that point.
 * Both learn where the other is from plain flags they poll (no hand-over). Races on {@code last}, {@code started} and
 * {@code arrived}; a model that released the pool at the entry of reExecutePeriodic (before the task is put back) and
 * acquired it where {@code onShutdown} returns hid the first.
 */
public final class ScheduledShutdownMidRunYes {
    public static final String[] RACES = {"ScheduledShutdownMidRunYes.last", "ScheduledShutdownMidRunYes.started",
            "ScheduledShutdownMidRunYes.arrived"};

    static int last;
    static boolean started;
    static boolean arrived;
    static final CountDownLatch READ = new CountDownLatch(1);

    /** The program's task around the pool's own: delegates everything, and runs {@code asked} when asked isPeriodic(). */
    static final class Held<V> implements RunnableScheduledFuture<V> {
        private final RunnableScheduledFuture<V> task;
        private final Runnable asked;

        Held(RunnableScheduledFuture<V> task, Runnable asked) {
            this.task = task;
            this.asked = asked;
        }

        @Override
        public boolean isPeriodic() {
            asked.run();
            return task.isPeriodic();
        }

        @Override
        public void run() {
            task.run();
        }

        @Override
        public boolean cancel(boolean interrupt) {
            return task.cancel(interrupt);
        }

        @Override
        public boolean isCancelled() {
            return task.isCancelled();
        }

        @Override
        public boolean isDone() {
            return task.isDone();
        }

        @Override
        public V get() throws InterruptedException, ExecutionException {
            return task.get();
        }

        @Override
        public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
            return task.get(timeout, unit);
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return task.getDelay(unit);
        }

        @Override
        public int compareTo(Delayed other) {
            return task.compareTo(other instanceof Held<?> h ? h.task : other);
        }
    }

    public static void main(String[] args) throws Exception {
        Thread main = Thread.currentThread();
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1) {
            @Override
            protected <V> RunnableScheduledFuture<V> decorateTask(Runnable runnable, RunnableScheduledFuture<V> task) {
                boolean periodic = task.isPeriodic();
                return new Held<>(task, () -> {
                    if (!isShutdown()) return;
                    if (periodic && Thread.currentThread() != main && !arrived) { // the run, in reExecutePeriodic
                        arrived = true;
                        try {
                            READ.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    } else if (!periodic && Thread.currentThread() == main) { // shutdown walking the queue
                        while (!arrived) sleep();
                    }
                });
            }
        };
        pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false); // shutdown cancels it: the pool terminates
        pool.schedule(() -> {}, 1, TimeUnit.HOURS); // in the queue when shutdown walks it
        pool.scheduleAtFixedRate(() -> {
            if (started) return;
            last = 1;
            started = true;
            while (!pool.isShutdown()) sleep();
        }, 0, 1, TimeUnit.MILLISECONDS);
        while (!started) sleep(); // races with the run's write of the flag
        pool.shutdown();
        int seen = last; // races with the run's write: it has not put its task back
        READ.countDown();
        pool.awaitTermination(30, TimeUnit.SECONDS);
        System.out.println("last=" + seen);
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
