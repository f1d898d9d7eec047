package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.util.Comparator;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * {@code Arrays.parallelSort(…, comparator)}, {@code parallelSetAll} and {@code parallelPrefix}:
 * the JDK runs the program's function on the common pool and returns when every call is done. The
 * function is replaced at the call by a wrapper: the caller releases the wrapper's {@link #IN}
 * before the call (a fork), each run of the function acquires it first and releases {@link #OUT}
 * last, and the caller acquires {@code OUT} after the call returned (a join). Two sync operations
 * per call of the function, no allocation.
 */
public final class SyncParallelArrays {
    static final long IN = SyntheticOffsets.PARALLEL_IN;
    static final long OUT = SyntheticOffsets.PARALLEL_OUT;

    private SyncParallelArrays() {}

    public static Comparator<?> wrap(Comparator<?> f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfComparator<>(f, site));
    }

    public static IntFunction<?> wrap(IntFunction<?> f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfIntFunction<>(f, site));
    }

    public static IntUnaryOperator wrap(IntUnaryOperator f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfIntUnary(f, site));
    }

    public static IntToLongFunction wrap(IntToLongFunction f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfIntToLong(f, site));
    }

    public static IntToDoubleFunction wrap(IntToDoubleFunction f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfIntToDouble(f, site));
    }

    public static BinaryOperator<?> wrap(BinaryOperator<?> f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfBinary<>(f, site));
    }

    public static IntBinaryOperator wrap(IntBinaryOperator f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfIntBinary(f, site));
    }

    public static LongBinaryOperator wrap(LongBinaryOperator f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfLongBinary(f, site));
    }

    public static DoubleBinaryOperator wrap(DoubleBinaryOperator f, int site) {
        return f == null || Probes.recorder() == null ? f : forked(new OfDoubleBinary(f, site));
    }

    /** After the call returned: every run of the function is done. */
    public static void joined(Object wrapper, int site) {
        if (wrapper instanceof Run r) HeapProbes.volatileAccess(r, OUT, site, SyncKind.VOLATILE_READ);
    }

    private static <T extends Run> T forked(T run) {
        HeapProbes.volatileAccess(run, IN, run.site, SyncKind.VOLATILE_WRITE);
        return run;
    }

    /** A wrapper: acquire before each run of the function, release after it (also when it throws). */
    abstract static class Run {
        final int site;
        private final Object delegate;

        Run(Object delegate, int site) {
            this.delegate = delegate;
            this.site = site;
        }

        final void enter() {
            HeapProbes.volatileAccess(this, IN, site, SyncKind.VOLATILE_READ);
        }

        final void leave() {
            HeapProbes.volatileAccess(this, OUT, site, SyncKind.VOLATILE_WRITE);
        }

        @Override
        public final String toString() {
            return delegate.toString();
        }
    }

    static final class OfComparator<T> extends Run implements Comparator<T> {
        private final Comparator<T> f;

        @SuppressWarnings("unchecked")
        OfComparator(Comparator<?> f, int site) {
            super(f, site);
            this.f = (Comparator<T>) f;
        }

        @Override
        public int compare(T a, T b) {
            enter();
            try {
                return f.compare(a, b);
            } finally {
                leave();
            }
        }
    }

    static final class OfIntFunction<R> extends Run implements IntFunction<R> {
        private final IntFunction<R> f;

        @SuppressWarnings("unchecked")
        OfIntFunction(IntFunction<?> f, int site) {
            super(f, site);
            this.f = (IntFunction<R>) f;
        }

        @Override
        public R apply(int i) {
            enter();
            try {
                return f.apply(i);
            } finally {
                leave();
            }
        }
    }

    static final class OfIntUnary extends Run implements IntUnaryOperator {
        private final IntUnaryOperator f;

        OfIntUnary(IntUnaryOperator f, int site) {
            super(f, site);
            this.f = f;
        }

        @Override
        public int applyAsInt(int i) {
            enter();
            try {
                return f.applyAsInt(i);
            } finally {
                leave();
            }
        }
    }

    static final class OfIntToLong extends Run implements IntToLongFunction {
        private final IntToLongFunction f;

        OfIntToLong(IntToLongFunction f, int site) {
            super(f, site);
            this.f = f;
        }

        @Override
        public long applyAsLong(int i) {
            enter();
            try {
                return f.applyAsLong(i);
            } finally {
                leave();
            }
        }
    }

    static final class OfIntToDouble extends Run implements IntToDoubleFunction {
        private final IntToDoubleFunction f;

        OfIntToDouble(IntToDoubleFunction f, int site) {
            super(f, site);
            this.f = f;
        }

        @Override
        public double applyAsDouble(int i) {
            enter();
            try {
                return f.applyAsDouble(i);
            } finally {
                leave();
            }
        }
    }

    static final class OfBinary<T> extends Run implements BinaryOperator<T> {
        private final BinaryOperator<T> f;

        @SuppressWarnings("unchecked")
        OfBinary(BinaryOperator<?> f, int site) {
            super(f, site);
            this.f = (BinaryOperator<T>) f;
        }

        @Override
        public T apply(T a, T b) {
            enter();
            try {
                return f.apply(a, b);
            } finally {
                leave();
            }
        }
    }

    static final class OfIntBinary extends Run implements IntBinaryOperator {
        private final IntBinaryOperator f;

        OfIntBinary(IntBinaryOperator f, int site) {
            super(f, site);
            this.f = f;
        }

        @Override
        public int applyAsInt(int a, int b) {
            enter();
            try {
                return f.applyAsInt(a, b);
            } finally {
                leave();
            }
        }
    }

    static final class OfLongBinary extends Run implements LongBinaryOperator {
        private final LongBinaryOperator f;

        OfLongBinary(LongBinaryOperator f, int site) {
            super(f, site);
            this.f = f;
        }

        @Override
        public long applyAsLong(long a, long b) {
            enter();
            try {
                return f.applyAsLong(a, b);
            } finally {
                leave();
            }
        }
    }

    static final class OfDoubleBinary extends Run implements DoubleBinaryOperator {
        private final DoubleBinaryOperator f;

        OfDoubleBinary(DoubleBinaryOperator f, int site) {
            super(f, site);
            this.f = f;
        }

        @Override
        public double applyAsDouble(double a, double b) {
            enter();
            try {
                return f.applyAsDouble(a, b);
            } finally {
                leave();
            }
        }
    }
}
