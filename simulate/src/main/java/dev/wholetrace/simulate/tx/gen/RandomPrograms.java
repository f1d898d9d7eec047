package dev.wholetrace.simulate.tx.gen;

import java.util.SplittableRandom;

/**
 * Small random programs with two tasks, shared scalars, an array, a lock, ifs and bounded loops (some
 * of whose bodies also advance the loop variable, by 0 or 1 from a local or shared operand): in the
 * structured form, or the same programs in the intermediate form, where every if and for is written
 * with goto (labels on {@code skip()}) and the lock by test-and-set with a busy wait. The property
 * tests check the analyses on them; {@code bench extrapolation} measures extrapolation accuracy on
 * them (the "generated programs"). Deterministic per seed.
 */
public final class RandomPrograms {
    private final SplittableRandom r;
    private final StringBuilder b = new StringBuilder();
    private final boolean gotoForm, spinLocks;
    private boolean procedures, readsAndCLoops;
    private int loopVar, labels;

    private RandomPrograms(long seed, boolean gotoForm, boolean spinLocks) {
        r = new SplittableRandom(seed);
        this.gotoForm = gotoForm;
        this.spinLocks = spinLocks;
    }

    public static String generate(long seed) {
        return new RandomPrograms(seed, false, false).program();
    }

    /**
     * A structured program whose tasks also read the data set ({@code read(a)}) and whose loops are
     * C-style ({@code for (i0 = 1; i0 <= e; i0++)}, Figure 10), stepping by {@code ++}, {@code += 1} or
     * {@code += 1} plus a local's 0 or 1, some with an empty body ({@code for (...);}).
     */
    public static String generateWithReadsAndCLoops(long seed) {
        RandomPrograms g = new RandomPrograms(seed, false, false);
        g.readsAndCLoops = true;
        return g.program();
    }

    /**
     * A structured program that also calls two procedures (§8.6): {@code check}, side-effect free
     * (it tests, indexes and loops on its parameters only, and calls {@code probe} with two of them),
     * and {@code bump}, which writes shared x0.
     */
    public static String generateWithProcedures(long seed) {
        RandomPrograms g = new RandomPrograms(seed, false, false);
        g.procedures = true;
        return g.program() + """
                procedure check(v, k)
                R0: if v > 1 then
                R1:   print(arr[(v % 4 + 4) % 4])
                R2: for k = 1 to (v % 3)
                R3:   print(k)
                R4: call probe(v, k)
                procedure probe(u, w)
                P0: if u > w then
                P1:   print(arr[(w % 4 + 4) % 4])
                procedure bump(a)
                S0: x0 = x0 + a
                """;
    }

    /**
     * The program {@link #generate} makes from {@code seed}, in the intermediate form: with
     * {@code spinLocks} also the locks as test-and-set busy waits (which the explorer cannot bound:
     * every spin is another interleaving), else lock/unlock as the thesis's examples abbreviate them.
     */
    public static String generateGoto(long seed, boolean spinLocks) {
        return new RandomPrograms(seed, true, spinLocks).program();
    }

    private String program() {
        b.append("begin\n  shared int x0 = 0, x1 = 1\n  shared int arr[4]\n  shared lock l0\n  int g = ").append(r.nextInt(3)).append('\n');
        b.append("  task_create(2)\n");
        for (int t = 0; t < 2; t++) {
            // The intermediate form is flat: every statement of a task at one column, labels in the margin before it.
            int indent = gotoForm ? 8 : 2;
            b.append("task ").append(t).append('\n');
            line(indent, "int a, b, c, i0, i1, i2, i3" + (spinLocks ? ", spin" : ""));
            loopVar = 0;
            block(indent, 1, r.nextInt(2, 5));
        }
        b.append("  task_terminate(2)\n  if x0 > x1 then\n    g = g + 1\nend\n");
        return b.toString();
    }

    private void block(int indent, int depth, int n) {
        for (int k = 0; k < n; k++) stmt(indent, depth);
    }

    /** A loop's body: one or two statements, then {@code advance} (an assignment to the loop variable) if there is one. */
    private void loopBody(int indent, int depth, String advance) {
        block(indent, depth + 1, r.nextInt(1, 3));
        if (advance != null) line(indent, advance);
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

    /** A statement labelled {@code label}, its text at column {@code indent} like its block's other statements. */
    private void labelled(int indent, String label, String s) {
        b.append(String.format("%-" + indent + "s", label + ":")).append(s).append('\n');
    }

    private void stmt(int indent, int depth) {
        if (procedures && r.nextInt(4) == 0) {
            line(indent, r.nextBoolean() ? "call check(" + expr() + ", 0)" : "call bump(" + operand() + ")");
            return;
        }
        int kind = r.nextInt(depth < 3 ? 8 : 5);
        switch (kind) {
            case 0, 1 -> line(indent, readsAndCLoops && r.nextInt(3) == 0 ? "read(" + local() + ")" : local() + " = " + expr());
            case 2 -> line(indent, (r.nextBoolean() ? "x0" : "x1") + " = " + expr());
            case 3 -> {
                String acquire = "T" + labels++;
                if (spinLocks) {
                    labelled(indent, acquire, "spin = test-and-set(l0)");
                    line(indent, "if spin == 1 goto " + acquire);
                } else line(indent, "lock(l0)");
                line(indent, (r.nextBoolean() ? "x0" : "x1") + " = " + expr());
                line(indent, local() + " = " + operand());
                line(indent, spinLocks ? "l0 = 0" : "unlock(l0)");
            }
            case 4 -> {
                String v = local();
                // The index in parentheses: "a - b % 4" would take b % 4 first and could index below 0.
                line(indent, r.nextBoolean() ? v + " = arr[((" + expr() + ") % 4 + 4) % 4]" : "arr[((" + expr() + ") % 4 + 4) % 4] = " + expr());
            }
            case 5, 6 -> {
                String cond = expr() + (r.nextBoolean() ? " > " : " == ") + operand();
                if (!gotoForm) {
                    line(indent, "if " + cond + " then");
                    block(indent + 2, depth + 1, r.nextInt(1, 3));
                    if (r.nextBoolean()) {
                        line(indent, "else");
                        block(indent + 2, depth + 1, r.nextInt(1, 3));
                    }
                    return;
                }
                String then = "T" + labels++, join = "J" + labels++;
                line(indent, "if " + cond + " goto " + then);
                int thenSize = r.nextInt(1, 3);
                StringBuilder saved = new StringBuilder(b); // the then branch is drawn first, as in the structured form
                b.setLength(0);
                block(indent, depth + 1, thenSize);
                String thenText = b.toString();
                b.setLength(0);
                b.append(saved);
                if (r.nextBoolean()) block(indent, depth + 1, r.nextInt(1, 3));
                line(indent, "goto " + join);
                labelled(indent, then, "skip()");
                b.append(thenText);
                labelled(indent, join, "skip()");
            }
            default -> {
                if (loopVar >= 4) {
                    line(indent, local() + " = " + expr());
                    return;
                }
                String v = "i" + loopVar++;
                String bound = "(" + expr() + ") % 3";
                // Half the loops' bodies also advance the loop variable, by 0 or 1 (so the loop still ends), from
                // an operand that is often shared: a loop whose iterations then depend on the schedule.
                String from = r.nextBoolean() ? (r.nextBoolean() ? "x0" : "x1") : operand();
                String advance = r.nextBoolean() ? v + " = " + v + " + (" + from + " % 2 + 2) % 2" : null;
                if (readsAndCLoops) {
                    // The step is ++, += 1, or += 1 plus a local's 0 or 1; a quarter of the loops have an empty body.
                    String step = switch (r.nextInt(3)) {
                        case 0 -> v + "++";
                        case 1 -> v + " += 1";
                        default -> v + " += 1 + (" + local() + " % 2 + 2) % 2";
                    };
                    String head = "for (" + v + " = 1; " + v + " <= " + bound + "; " + step + ")";
                    if (advance == null && r.nextInt(4) == 0) {
                        line(indent, head + ";");
                        return;
                    }
                    line(indent, head);
                    loopBody(indent + 2, depth, advance);
                    return;
                }
                if (!gotoForm) {
                    line(indent, "for " + v + " = 1 to " + bound);
                    loopBody(indent + 2, depth, advance);
                    return;
                }
                String test = "W" + labels++, exit = "X" + labels++;
                line(indent, v + " = 1");
                labelled(indent, test, "if " + v + " > " + bound + " goto " + exit);
                loopBody(indent, depth, advance);
                line(indent, v + " = " + v + " + 1");
                line(indent, "goto " + test);
                labelled(indent, exit, "skip()");
            }
        }
    }
}
