package dev.wholetrace.workloads.races;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * A one-shot latch of the program's own on {@link AbstractQueuedSynchronizer}, as Scala's {@code Await.result} builds
 * one (its {@code CompletionLatch}: Pekko's shutdown and asks wait on it): the completing thread stores the result in a
 * plain field and releases the latch ({@code setState(1)}); the waiter acquires it ({@code getState() != 0}) and reads
 * the field. The state is volatile, so the store happens before the read. No race. Until session 43 the agent did not
 * see the subclass's state accessors (the JDK's acquire and release loops call them, the subclass's code makes the
 * calls): the result field was reported, with every read of what the result pointed to.
 */
public final class SynchronizerSubclassNo {
    public static final String[] RACES = {};

    /** The latch: state 0 until released; the result is published by the release. */
    static final class Latch extends AbstractQueuedSynchronizer {
        private String result;

        void complete(String value) {
            result = value;
            releaseShared(1);
        }

        String await() throws InterruptedException {
            acquireSharedInterruptibly(1);
            return result;
        }

        @Override
        protected int tryAcquireShared(int ignored) {
            return getState() != 0 ? 1 : -1;
        }

        @Override
        protected boolean tryReleaseShared(int ignored) {
            setState(1);
            return true;
        }
    }

    public static void main(String[] args) throws Exception {
        Latch latch = new Latch();
        StringBuilder built = new StringBuilder();
        Thread completer = new Thread(() -> {
            built.append("done");
            latch.complete(built.toString());
        }, "completer");
        completer.start();
        String got = latch.await();
        if (!got.equals("done") || built.length() != 4) throw new AssertionError(got);
        System.out.println(got);
        completer.join();
    }
}
