package dev.wholetrace.simulate.egraph;

/** Methods whose bytecode {@link JdkBodiesTest} counts as if they were the JDK's. */
final class JdkBodiesFixture {
    private JdkBodiesFixture() {}

    static int straight(int a) {
        return a * 3;
    }

    static int decision(int a) {
        if (a > 0) return a * 3;
        return a / 7;
    }

    static int loop(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) s += a[i];
        return s;
    }

    static int checked(int a) {
        if (a < 0) throw new IllegalArgumentException("negative");
        return a * 3;
    }

    static int caller(int a) {
        return straight(a) + 1;
    }

    static int recursive(int a) {
        return a <= 0 ? 0 : recursive(a - 1) + 1;
    }

    static native int nativeOne(int a);
}
