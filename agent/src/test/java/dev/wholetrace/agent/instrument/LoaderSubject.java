package dev.wholetrace.agent.instrument;

import java.util.function.Function;

/**
 * A program with its own class loader, for {@link CountedLoopsTest}: {@link Loader} (the program's code,
 * instrumented) defines {@link Scans}, whose loops name classes nothing of {@code Scans} named before. The
 * first run of such an instruction resolves the class through {@code Scans}' loader, and the JVM calls
 * {@link Loader#loadClass(String)} right there, in the middle of the loop's iteration: the loader's blocks
 * run between the loop's blocks.
 */
public final class LoaderSubject {
    private LoaderSubject() {}

    /**
     * A program's class loader: defines the classes {@code bytes} gives (instrumented by the test, as
     * the agent's transformer would), child first; leaves every other class to its parent.
     */
    public static final class Loader extends ClassLoader {
        private final Function<String, byte[]> bytes;

        public Loader(ClassLoader parent, Function<String, byte[]> bytes) {
            super(parent);
            this.bytes = bytes;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(LoaderSubject.class.getName() + "$") || name.endsWith("$Loader")) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                byte[] b = bytes.apply(name);
                return defineClass(name, b, 0, b.length);
            }
        }
    }

    /** A class of the program's loader that {@link Scans} first names in a loop. */
    public static final class Part {}

    /** Loops whose instructions name a class: instanceof, checkcast, anewarray, multianewarray. */
    public static final class Scans {
        private Scans() {}

        /** Instanceof of an interface of the JDK. */
        public static boolean anyRandomAccess(Object[] a) {
            boolean seen = false;
            for (int i = 0; i < a.length; i++) seen |= a[i] instanceof java.util.RandomAccess;
            return seen;
        }

        /** A cast to an interface of the JDK (kept as an Object, so that verifying the method needs no CharSequence). */
        public static Object lastText(Object[] a) {
            Object last = null;
            for (int i = 0; i < a.length; i++) last = (CharSequence) a[i];
            return last;
        }

        /** Arrays of a class of the program's loader. */
        public static int parts(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) s += new Part[i].length;
            return s;
        }

        /** Two-dimensional arrays of a class of the JDK. */
        public static int grids(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) s += new Thread[i][2].length;
            return s;
        }
    }
}
