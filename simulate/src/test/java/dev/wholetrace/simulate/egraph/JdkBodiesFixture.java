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

    /** A program whose check throws with a message made by JDK calls: the throw stays unlikely. */
    static final class Checked {
        public static void main(String[] args) {
            if (args.length > 5) throw new IllegalArgumentException("too many: " + Integer.toString(args.length, 16).toUpperCase());
            System.out.println(args.length);
        }
    }
}
