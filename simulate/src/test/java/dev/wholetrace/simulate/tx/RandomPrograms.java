package dev.wholetrace.simulate.tx;

import java.util.SplittableRandom;

/** Small random structured programs with two tasks, shared scalars, an array, a lock, ifs and bounded loops. */
final class RandomPrograms {
    private final SplittableRandom r;
    private final StringBuilder b = new StringBuilder();
    private int loopVar;

    private RandomPrograms(long seed) { r = new SplittableRandom(seed); }

    static String generate(long seed) {
        return new RandomPrograms(seed).program();
    }

    private String program() {
        b.append("begin\n  shared int x0 = 0, x1 = 1\n  shared int arr[4]\n  shared lock l0\n  int g = ").append(r.nextInt(3)).append('\n');
        b.append("  task_create(2)\n");
        for (int t = 0; t < 2; t++) {
            b.append("task ").append(t).append("\n  int a, b, c, i0, i1, i2, i3\n");
            loopVar = 0;
            block(2, 1, r.nextInt(2, 5));
        }
        b.append("  task_terminate(2)\n  if x0 > x1 then\n    g = g + 1\nend\n");
        return b.toString();
    }

    private void block(int indent, int depth, int n) {
        for (int k = 0; k < n; k++) stmt(indent, depth);
    }

    private String local() { return new String[] {"a", "b", "c", "g"}[r.nextInt(4)]; }

    private String operand() {
        return switch (r.nextInt(5)) {
            case 0 -> "x0";
            case 1 -> "x1";
            case 2 -> Integer.toString(r.nextInt(3));
            default -> local();
        };
    }

    private String expr() {
        return r.nextBoolean() ? operand() : operand() + (r.nextBoolean() ? " + " : " - ") + operand();
    }

    private void line(int indent, String s) {
        b.append(" ".repeat(indent)).append(s).append('\n');
    }

    private void stmt(int indent, int depth) {
        int kind = r.nextInt(depth < 3 ? 8 : 5);
        switch (kind) {
            case 0, 1 -> line(indent, local() + " = " + expr());
            case 2 -> line(indent, (r.nextBoolean() ? "x0" : "x1") + " = " + expr());
            case 3 -> {
                line(indent, "lock(l0)");
                line(indent, (r.nextBoolean() ? "x0" : "x1") + " = " + expr());
                line(indent, local() + " = " + operand());
                line(indent, "unlock(l0)");
            }
            case 4 -> {
                String v = local();
                line(indent, r.nextBoolean() ? v + " = arr[(" + expr() + " % 4 + 4) % 4]" : "arr[(" + expr() + " % 4 + 4) % 4] = " + expr());
            }
            case 5, 6 -> {
                line(indent, "if " + expr() + (r.nextBoolean() ? " > " : " == ") + operand() + " then");
                block(indent + 2, depth + 1, r.nextInt(1, 3));
                if (r.nextBoolean()) {
                    line(indent, "else");
                    block(indent + 2, depth + 1, r.nextInt(1, 3));
                }
            }
            default -> {
                if (loopVar >= 4) {
                    line(indent, local() + " = " + expr());
                    return;
                }
                String v = "i" + loopVar++;
                line(indent, "for " + v + " = 1 to (" + expr() + ") % 3");
                block(indent + 2, depth + 1, r.nextInt(1, 3));
            }
        }
    }
}
