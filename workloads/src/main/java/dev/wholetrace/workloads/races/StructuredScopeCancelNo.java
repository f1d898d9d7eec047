package dev.wholetrace.workloads.races;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * A StructuredTaskScope (JDK 25, a preview API; by reflection, which needs no {@code --enable-preview}) whose
 * {@code join()} returns because the scope was cancelled, while subtasks still run: the owner reads, after
 * join and before close, what finished subtasks wrote.
 * (1) {@code Joiner.anySuccessfulResultOrThrow()}: one subtask fails, one sleeps until the cancellation
 * interrupts it, one fills a {@code Box} and returns it; the winner's completion cancels the scope and wakes
 * the owner (the JDK's {@code ThreadFlock.wakeup}, whose permit {@code awaitAll} reads), whose join returns the
 * box; its fields are read before close. (2) {@code Joiner.allUntil(failed)}: one subtask fills a box and
 * returns it, one fails after a while and cancels the scope, one sleeps; the owner reads the first one's box
 * only if its {@code Subtask.state()} says SUCCESS (the subtask's volatile result, set after the box was
 * filled). The session 48 tour (docs/races.md) found (1) reported as a race: the agent recorded only the join
 * of a flock whose threads had all ended. No race.
 */
public final class StructuredScopeCancelNo {
    public static final String[] RACES = {};
    /** The first JDK whose StructuredTaskScope has open(Joiner): RaceSuite skips the program on older ones. */
    public static final int MIN_JDK = 25;

    static final class Box {
        int value;
        int[] parts = new int[4];
    }

    static Box fill(int k) {
        Box b = new Box();
        b.value = k;
        for (int i = 0; i < b.parts.length; i++) b.parts[i] = k * i;
        return b;
    }

    public static void main(String[] args) throws Exception {
        int sum = 0;
        for (int round = 0; round < 3; round++) {
            Object scope = open(joiner("anySuccessfulResultOrThrow"));
            try {
                fork(scope, () -> { throw new IllegalStateException("down"); });
                fork(scope, () -> { Thread.sleep(60_000); return null; }); // interrupted by the cancellation
                fork(scope, () -> fill(7));
                Box b = (Box) join(scope);
                sum += b.value + b.parts[3];
            } finally {
                close(scope);
            }
        }
        for (int round = 0; round < 3; round++) {
            Predicate<Object> failed = s -> state(s).equals("FAILED");
            Object scope = open(joiner("allUntil", Predicate.class, failed));
            try {
                Object first = fork(scope, () -> fill(5));
                fork(scope, () -> { Thread.sleep(20); throw new IllegalStateException("down"); });
                fork(scope, () -> { Thread.sleep(60_000); return null; });
                join(scope);
                if (state(first).equals("SUCCESS")) sum += ((Box) get(first)).parts[2] - 10;
            } finally {
                close(scope);
            }
        }
        System.out.println("sum=" + sum);
    }

    private static final Class<?> SCOPE = type("java.util.concurrent.StructuredTaskScope");
    private static final Class<?> JOINER = type("java.util.concurrent.StructuredTaskScope$Joiner");
    private static final Class<?> SUBTASK = type("java.util.concurrent.StructuredTaskScope$Subtask");

    /** Joiner.NAME(), or Joiner.NAME(argument) of the parameter type {@code type}. */
    static Object joiner(String name, Object... typeAndArgument) throws ReflectiveOperationException {
        if (typeAndArgument.length == 0) return call(JOINER.getMethod(name), null);
        return call(JOINER.getMethod(name, (Class<?>) typeAndArgument[0]), null, typeAndArgument[1]);
    }

    /** StructuredTaskScope.open(joiner): virtual threads, the owner is the calling thread. */
    static Object open(Object joiner) throws ReflectiveOperationException {
        return call(SCOPE.getMethod("open", JOINER), null, joiner);
    }

    static Object fork(Object scope, Callable<?> task) throws ReflectiveOperationException {
        return call(SCOPE.getMethod("fork", Callable.class), scope, task);
    }

    static Object join(Object scope) throws ReflectiveOperationException {
        return call(SCOPE.getMethod("join"), scope);
    }

    static void close(Object scope) throws ReflectiveOperationException {
        call(SCOPE.getMethod("close"), scope);
    }

    static String state(Object subtask) {
        try {
            return String.valueOf(call(SUBTASK.getMethod("state"), subtask));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static Object get(Object subtask) throws ReflectiveOperationException {
        return call(SUBTASK.getMethod("get"), subtask);
    }

    /** Invokes {@code m}, throwing what it threw as it is (a RuntimeException or an Error) so that callers see the scope's own exceptions. */
    private static Object call(Method m, Object target, Object... args) throws ReflectiveOperationException {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw e;
        }
    }

    private static Class<?> type(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            return null; // before JDK 21: the program does not run there (MIN_JDK)
        }
    }
}
