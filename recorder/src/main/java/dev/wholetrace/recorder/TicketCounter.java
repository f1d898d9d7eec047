package dev.wholetrace.recorder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The one counter whose tickets order a recording's sync operations (S_synch), alone on its cache
 * line. Every program thread's sync operation increments it, so its line moves between the cores
 * at every operation of a program that synchronizes from several threads; that is its price, but
 * nothing else must move with it. As a plain {@code AtomicLong} made next to the recorder's other
 * objects (its other counters, the recorder itself, whose fields the probes read), any field on
 * the same 64-byte line was read or written by another core at the cost of a miss, and each
 * ticket then waited for that line too. Padding on both sides (by inheritance: the JVM lays a
 * superclass's fields before its subclass's, and these are all longs, so no field can fill a gap
 * next to the value) keeps 56 bytes of nothing before and after the value.
 */
final class TicketCounter extends TicketCounterPadAfter {
    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(TicketCounterValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The next ticket; the first is 0. */
    long next() {
        return (long) VALUE.getAndAdd(this, 1L);
    }

    /** The ticket {@link #next} would hand out now (for the clock's notes). */
    long peek() {
        return (long) VALUE.getVolatile(this);
    }
}

/** {@link TicketCounter}'s padding before the value. */
@SuppressWarnings("unused") // padding
abstract class TicketCounterPadBefore {
    private long p01, p02, p03, p04, p05, p06, p07;
}

/** {@link TicketCounter}'s value, read and incremented through its VarHandle. */
abstract class TicketCounterValue extends TicketCounterPadBefore {
    volatile long value;
}

/** {@link TicketCounter}'s padding after the value. */
@SuppressWarnings("unused") // padding
abstract class TicketCounterPadAfter extends TicketCounterValue {
    private long p11, p12, p13, p14, p15, p16, p17;
}
