package dev.wholetrace.agent.instrument;

import dev.wholetrace.bytecode.BytecodeOffsets;
import java.io.Serializable;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * javac's bytecode of many shapes, whose instruction offsets {@link BytecodeOffsetsTest} decodes
 * and compares with javap's: switches at every alignment, wide iinc, constants of every width,
 * invokeinterface, invokedynamic, multianewarray, monitors, handlers, and fields and methods with
 * attributes or without code.
 */
@SuppressWarnings({"unused", "MismatchedReadAndWriteOfArray"})
public class OffsetsSubject implements Serializable {
    static final int CONSTANT = 5; // a ConstantValue attribute
    @Deprecated
    List<String> names = List.of("a"); // Signature, Deprecated and annotation attributes
    static long counter;
    static final List<String> DEFAULTS = List.of("x", "y"); // a <clinit>
    int[] values = new int[4];

    // tableswitch after 1, 4, 6 and 7 bytes: every padding, 3 down to 0.
    static int table1(int x) {
        switch (x) {
            case 1: return 10;
            case 2: return 20;
            case 3: return 30;
            default: return 0;
        }
    }

    static int table0(int x) {
        x = -x;
        switch (x) {
            case -1: return 10;
            case -2: return 20;
            case -3: return 30;
            default: return 0;
        }
    }

    static int table2(int x) {
        x = x * 100;
        switch (x) {
            case 100: return 10;
            case 101: return 20;
            case 102: return 30;
            default: return 0;
        }
    }

    static int table3(int x) {
        x = -x;
        x = -x;
        switch (x) {
            case 1: return 10;
            case 2: return 20;
            case 4: return 30;
            default: return 0;
        }
    }

    // lookupswitch (sparse keys) at the same alignments.
    static int lookup1(int x) {
        switch (x) {
            case -1000: return 1;
            case 1: return 2;
            case 100000: return 3;
            default: return 0;
        }
    }

    static int lookup0(int x) {
        x = -x;
        switch (x) {
            case -1000: return 1;
            case 1: return 2;
            default: return 0;
        }
    }

    static int lookup2(int x) {
        x = x * 100;
        switch (x) {
            case -1000: return 1;
            case 7777: return 2;
            default: return 0;
        }
    }

    static int lookup3(int x) {
        x = -x;
        x = -x;
        switch (x) {
            case 5: return 1;
            case 50000: return 2;
            default: return 0;
        }
    }

    /** A switch on a string: a lookupswitch on the hash, then a tableswitch, mid-method. */
    static int strings(String s, int bias) {
        int r = bias;
        switch (s) {
            case "alpha" -> r += 1;
            case "beta" -> r += 2;
            case "gamma" -> r += 3;
            default -> r = 0;
        }
        return r;
    }

    /** iinc with increments beyond a byte: wide iinc. */
    static int wideIinc(int x) {
        x += 1000;
        x -= 30000;
        x++;
        return x;
    }

    /** ldc, ldc_w-free but ldc2_w for long and double, sipush, bipush, class constants. */
    static Object constants() {
        long l = 1234567890123L;
        double d = 3.25;
        int i = 100000;
        short s = 1000;
        byte b = 100;
        return "text" + l + d + i + s + b + OffsetsSubject.class.getName();
    }

    static int defaults() {
        return DEFAULTS.size();
    }

    static int interfaces(List<String> l, Runnable r) {
        r.run();
        return l.size();
    }

    static IntSupplier lambda(int k) {
        return () -> k * 2;
    }

    static int[][][] arrays(int n) {
        int[][][] cube = new int[n][2][];
        String[] names = new String[n];
        long[] longs = new long[n];
        return cube;
    }

    int accesses(Object o) {
        int s = 0;
        for (int i = 0; i < values.length; i++) s += values[i];
        values[0] = s;
        counter += s;
        if (o instanceof String str) s += str.length();
        if (o == null) s--;
        return s + ((Number) (Object) Integer.valueOf(s)).intValue();
    }

    int guarded(Object lock) {
        synchronized (lock) {
            try {
                return values[1];
            } catch (RuntimeException e) {
                throw new IllegalStateException(e);
            } finally {
                counter++;
            }
        }
    }

    synchronized long arithmetic(long a, double b, float c) {
        return (long) (a * b / c) ^ (a >>> 3) + (int) b % 7;
    }

    /** An abstract method and a native one: no Code attribute. */
    abstract static class NoCode {
        abstract void nothing();

        native int outside();

        int some() {
            return 1;
        }
    }

    interface WithDefault {
        int plain();

        default int twice() {
            return plain() * 2;
        }
    }
}
