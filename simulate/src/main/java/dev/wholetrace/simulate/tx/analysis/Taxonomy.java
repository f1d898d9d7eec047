package dev.wholetrace.simulate.tx.analysis;

import dev.wholetrace.simulate.tx.lang.Expr;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The instruction taxonomy of §4.1 (Figure 48), per statement: static, runtime, dynamic or externally
 * dynamic, with the sub-category. Trace change points are the nondeterministic conditionals and the
 * dynamic dependent statements (lock included); trace affecting points are the affecting points
 * ({@link AffectingPoints} finds which of them can affect which TCP). In the intermediate form a
 * test-and-set stores its lock (a static affecting point: its address is fixed; the busy-wait branch
 * after it is the TCP) and an {@code if ... goto} is a conditional like {@code if}.
 */
public final class Taxonomy {
    /** Classes of §4.1. */
    public enum Category {
        STATIC("static", "static statement"),
        STATIC_AFFECTING("static", "static affecting point"),
        DETERMINISTIC_CONDITIONAL("runtime", "deterministic conditional"),
        RUNTIME_DEPENDENT("runtime", "runtime dependent"),
        RUNTIME_AFFECTING("runtime", "runtime affecting point"),
        NONDETERMINISTIC_CONDITIONAL("dynamic", "nondeterministic conditional (TCP)"),
        DYNAMIC_DEPENDENT("dynamic", "dynamic dependent (TCP)"),
        DYNAMIC_AFFECTING("dynamic", "dynamic affecting point (TCP)"),
        TASK_CONTROL("externally dynamic", "task control (TCP)");

        public final String kind, description;

        Category(String kind, String description) {
            this.kind = kind;
            this.description = description;
        }

        /** Whether statements of this class store to shared memory and so may change a later TCP's outcome (TAPs). */
        public boolean affecting() {
            return this == STATIC_AFFECTING || this == RUNTIME_AFFECTING || this == DYNAMIC_AFFECTING;
        }
    }

    /** One statement's class. */
    public record Entry(String statement, int line, Category category) {}

    private Taxonomy() {}

    /** Classifies every statement of {@code sets}'s program using its TCP set. */
    public static List<Entry> classify(TcpSets sets) {
        Program p = sets.program();
        Set<String> shared = p.shared().keySet();
        List<Entry> out = new ArrayList<>();
        for (Stmt s : p.statements()) {
            boolean tcp = sets.tcp().get(s.id());
            boolean store = storesShared(s, shared);
            Category c;
            if (s instanceof Stmt.TaskCreate) c = Category.TASK_CONTROL;
            else if (s instanceof Stmt.Begin) c = Category.STATIC; // a TCP only by the structuring convention of §4.4
            else if (s instanceof Stmt.Lock) c = Category.DYNAMIC_DEPENDENT;
            else if (s instanceof Stmt.Unlock) c = Category.STATIC_AFFECTING;
            else if (s instanceof Stmt.If || s instanceof Stmt.For || s instanceof Stmt.IfGoto) {
                c = tcp ? Category.NONDETERMINISTIC_CONDITIONAL : constant(s) ? Category.STATIC : Category.DETERMINISTIC_CONDITIONAL;
            } else if (tcp) c = store ? Category.DYNAMIC_AFFECTING : Category.DYNAMIC_DEPENDENT;
            else if (hasComputedIndex(s)) c = store ? Category.RUNTIME_AFFECTING : Category.RUNTIME_DEPENDENT;
            else c = store ? Category.STATIC_AFFECTING : Category.STATIC;
            out.add(new Entry(s.name(), s.line(), c));
        }
        return out;
    }

    private static boolean storesShared(Stmt s, Set<String> shared) {
        return !AffectingPoints.stores(s, shared).isEmpty() && !(s instanceof Stmt.Lock);
    }

    private static boolean constant(Stmt s) {
        if (s instanceof Stmt.If f) return SvdAnalysis.vars(f.cond).isEmpty();
        if (s instanceof Stmt.IfGoto g) return SvdAnalysis.vars(g.cond).isEmpty();
        Stmt.For f = (Stmt.For) s;
        return SvdAnalysis.loopVars(f).isEmpty();
    }

    private static boolean hasComputedIndex(Stmt s) {
        if (!(s instanceof Stmt.Assign a)) return false;
        return computed(a.value) || a.target instanceof Expr.Index i && !(i.index() instanceof Expr.Num);
    }

    private static boolean computed(Expr e) {
        if (e instanceof Expr.Index i) return !(i.index() instanceof Expr.Num) || computed(i.index());
        if (e instanceof Expr.Bin b) return computed(b.left()) || computed(b.right());
        if (e instanceof Expr.Neg n) return computed(n.operand());
        return false;
    }
}
