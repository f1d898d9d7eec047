package dev.wholetrace.agent.runtime;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The wrappers of a CompletableFuture stage's action ({@link SyncStages}): acquire before the
 * action, release after it (also when it throws; its exception loses the wrapper's frame, {@link
 * SyncFrames}). {@code toString} is the action's.
 */
final class SyncStageWrappers {
    private SyncStageWrappers() {}

    /** Whether {@code action}, the action of a stage of {@code source}, is to be wrapped. */
    static boolean wraps(Object source, Object action) {
        return source instanceof java.util.concurrent.CompletableFuture && action != null && !(action instanceof Stage) && Probes.recorder() != null;
    }

    abstract static class Stage {
        private final Object source;
        private final Object delegate;
        private final int site;

        Stage(Object source, Object delegate, int site) {
            this.source = source;
            this.delegate = delegate;
            this.site = site;
        }

        final Object source() {
            return source;
        }

        final int site() {
            return site;
        }

        final void enter() {
            SyncStages.entering(this);
        }

        final void leave() {
            SyncStages.left(this);
        }

        @Override
        public final String toString() {
            return delegate.toString();
        }
    }

    static final class OfFunction<T, R> extends Stage implements Function<T, R> {
        private final Function<T, R> delegate;

        @SuppressWarnings("unchecked")
        OfFunction(Object source, Function<?, ?> delegate, int site) {
            super(source, delegate, site);
            this.delegate = (Function<T, R>) delegate;
        }

        @Override
        public R apply(T t) {
            enter();
            try {
                return delegate.apply(t);
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                leave();
            }
        }
    }

    static final class OfConsumer<T> extends Stage implements Consumer<T> {
        private final Consumer<T> delegate;

        @SuppressWarnings("unchecked")
        OfConsumer(Object source, Consumer<?> delegate, int site) {
            super(source, delegate, site);
            this.delegate = (Consumer<T>) delegate;
        }

        @Override
        public void accept(T t) {
            enter();
            try {
                delegate.accept(t);
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                leave();
            }
        }
    }

    static final class OfRunnable extends Stage implements Runnable {
        private final Runnable delegate;

        OfRunnable(Object source, Runnable delegate, int site) {
            super(source, delegate, site);
            this.delegate = delegate;
        }

        @Override
        public void run() {
            enter();
            try {
                delegate.run();
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                leave();
            }
        }
    }

    static final class OfBiFunction<T, U, R> extends Stage implements BiFunction<T, U, R> {
        private final BiFunction<T, U, R> delegate;

        @SuppressWarnings("unchecked")
        OfBiFunction(Object source, BiFunction<?, ?, ?> delegate, int site) {
            super(source, delegate, site);
            this.delegate = (BiFunction<T, U, R>) delegate;
        }

        @Override
        public R apply(T t, U u) {
            enter();
            try {
                return delegate.apply(t, u);
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                leave();
            }
        }
    }

    static final class OfBiConsumer<T, U> extends Stage implements BiConsumer<T, U> {
        private final BiConsumer<T, U> delegate;

        @SuppressWarnings("unchecked")
        OfBiConsumer(Object source, BiConsumer<?, ?> delegate, int site) {
            super(source, delegate, site);
            this.delegate = (BiConsumer<T, U>) delegate;
        }

        @Override
        public void accept(T t, U u) {
            enter();
            try {
                delegate.accept(t, u);
            } catch (Throwable e) {
                SyncFrames.scrub(e);
                throw e;
            } finally {
                leave();
            }
        }
    }
}
