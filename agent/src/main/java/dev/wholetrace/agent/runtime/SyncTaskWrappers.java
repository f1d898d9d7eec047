package dev.wholetrace.agent.runtime;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * What an executor runs in place of the program's task: it records the task's begin before the
 * task runs and its end after it returned or threw, on the worker. Each wrapper has the task's
 * interface and nothing more (a task that is also a Future gets a wrapper that is a RunnableFuture
 * delegating to it, so that an {@code afterExecute} checking for a Future still finds one);
 * {@code toString} is the task's. Exceptions thrown by the task lose the wrapper's frame
 * ({@link SyncFrames}).
 */
final class SyncTaskWrappers {
    private SyncTaskWrappers() {}

    /** A wrapper: the submission it records and the program's task, whose toString it shows. */
    abstract static class Wrapper {
        private final SyncTask task;
        private final Object delegate;

        Wrapper(SyncTask task, Object delegate) {
            this.task = task;
            this.delegate = delegate;
        }

        final SyncTask task() {
            return task;
        }

        final Object delegate() {
            return delegate;
        }

        @Override
        public final String toString() {
            return delegate.toString();
        }
    }

    static class OfRunnable extends Wrapper implements Runnable {
        private final Runnable delegate;

        OfRunnable(SyncTask task, Runnable delegate) {
            super(task, delegate);
            this.delegate = delegate;
        }

        @Override
        public final void run() {
            task().begin();
            try {
                delegate.run();
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                task().end();
            }
        }
    }

    /** For a task that is both a Runnable and a Future (a FutureTask handed to execute). */
    static final class OfRunnableFuture<V> extends OfRunnable implements RunnableFuture<V> {
        private final Future<V> future;

        @SuppressWarnings("unchecked")
        OfRunnableFuture(SyncTask task, Runnable delegate) {
            super(task, delegate);
            this.future = (Future<V>) delegate;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return future.cancel(mayInterruptIfRunning);
        }

        @Override
        public boolean isCancelled() {
            return future.isCancelled();
        }

        @Override
        public boolean isDone() {
            return future.isDone();
        }

        @Override
        public V get() throws InterruptedException, ExecutionException {
            return future.get();
        }

        @Override
        public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
            return future.get(timeout, unit);
        }
    }

    static final class OfCallable<V> extends Wrapper implements Callable<V> {
        private final Callable<V> delegate;

        OfCallable(SyncTask task, Callable<V> delegate) {
            super(task, delegate);
            this.delegate = delegate;
        }

        @Override
        public V call() throws Exception {
            task().begin();
            try {
                return delegate.call();
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                task().end();
            }
        }
    }

    static final class OfSupplier<T> extends Wrapper implements Supplier<T> {
        private final Supplier<T> delegate;

        OfSupplier(SyncTask task, Supplier<T> delegate) {
            super(task, delegate);
            this.delegate = delegate;
        }

        @Override
        public T get() {
            task().begin();
            try {
                return delegate.get();
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                task().end();
            }
        }
    }
}
