package dev.wholetrace.simulate.tx.lang;

import java.util.List;

/**
 * A statement of the thesis language. Every statement carries its source position and its label
 * (the figures' {@code B4:}); statements without a label are named {@code L<line>}. {@link #id()} is
 * the statement's index in {@link Program#statements()}, set by the parser; events of a trace name
 * their statement by this id.
 */
public abstract sealed class Stmt {
    private final String label;
    private final int line, col;
    private int id = -1;
    private int unit;
    private String procedure;
    private String calls;
    private int callPassing, callLength;

    Stmt(String label, int line, int col) {
        this.label = label;
        this.line = line;
        this.col = col;
    }

    /** The label as written, or null. */
    public String label() { return label; }

    /** The name shown in traces and reports: the label, else {@code L<line>}. */
    public String name() { return label != null ? label : "L" + line; }

    public int line() { return line; }

    public int col() { return col; }

    public int id() { return id; }

    void id(int id) { this.id = id; }

    /** The thread body the statement is in: 0 the main thread, then task bodies in source order. */
    public int unit() { return unit; }

    void unit(int u) { this.unit = u; }

    /**
     * The procedure this statement is an inlined copy of (§8.6: a call is inlined, its statements
     * named {@code LABEL@CALL}), or null for a statement of the program or a task itself.
     */
    public String procedure() { return procedure; }

    void procedure(String p) { this.procedure = p; }

    /**
     * For the first statement of an inlined call (its first parameter's assignment, or the
     * {@code skip} of a call without parameters, named as the call), the procedure it calls; else null.
     */
    public String calls() { return calls; }

    /** For a call's first statement: how many statements of its block pass the arguments (at least 1, the skip of a call without any). */
    public int callPassing() { return callPassing; }

    /** For a call's first statement: how many statements of its block the call is, argument passing and inlined body. */
    public int callLength() { return callLength; }

    void calls(String p, int passing, int length) {
        this.calls = p;
        this.callPassing = passing;
        this.callLength = length;
    }

    /** For an inlined statement, its name in the procedure ({@code P2} of {@code P2@B1}); else {@link #name()}. */
    public String nameInProcedure() {
        return procedure == null ? name() : name().substring(0, name().indexOf('@'));
    }

    /** For an inlined statement, the call (chain) it was inlined at ({@code B1} of {@code P2@B1}); else null. */
    public String callSite() {
        return procedure == null ? null : name().substring(name().indexOf('@') + 1);
    }

    @Override
    public String toString() { return name(); }

    /** {@code begin}: the program's first statement, always a TCP (§4.4). */
    public static final class Begin extends Stmt {
        public Begin(String label, int line, int col) { super(label, line, col); }
    }

    /** {@code end}: the end of the program or of a task (a CP, Definition 5.9). */
    public static final class End extends Stmt {
        public End(String label, int line, int col) { super(label, line, col); }
    }

    /** A labelled {@code else} line: an event of no work, so the figures' else labels (Figure 14's B6) show in traces. */
    public static final class Else extends Stmt {
        public Else(String label, int line, int col) { super(label, line, col); }
    }

    /** {@code target = value} where target is a {@link Expr.Var} or {@link Expr.Index}. */
    public static final class Assign extends Stmt {
        public final Expr target, value;
        public Assign(String label, int line, int col, Expr target, Expr value) {
            super(label, line, col);
            this.target = target;
            this.value = value;
        }
    }

    /** {@code if cond then ... [else ...]}; {@code elseStmt} is the labelled else line, or null. */
    public static final class If extends Stmt {
        public final Expr cond;
        public final List<Stmt> then, otherwise;
        public final Else elseStmt;
        public If(String label, int line, int col, Expr cond, List<Stmt> then, Else elseStmt, List<Stmt> otherwise) {
            super(label, line, col);
            this.cond = cond;
            this.then = then;
            this.elseStmt = elseStmt;
            this.otherwise = otherwise;
        }
    }

    /**
     * A loop on one local scalar {@code var}: {@code var = from}, then while {@code cond} holds the body
     * and {@code var = step}. {@code for var = from to to do body} is the range form ({@code cond}
     * {@code var <= to}, {@code step} {@code var + 1}); {@code for (var = from; cond; var++)} the C form of
     * Figure 10. The condition is evaluated at every test, as the intermediate form's increment-branch pair does.
     */
    public static final class For extends Stmt {
        public final String var;
        public final Expr from, cond, step;
        public final List<Stmt> body;
        public For(String label, int line, int col, String var, Expr from, Expr cond, Expr step, List<Stmt> body) {
            super(label, line, col);
            this.var = var;
            this.from = from;
            this.cond = cond;
            this.step = step;
            this.body = body;
        }

        /** The range form's loop: {@code var <= to}, stepping by one. */
        public static For range(String label, int line, int col, String var, Expr from, Expr to, List<Stmt> body) {
            Expr v = new Expr.Var(var, line, col);
            return new For(label, line, col, var, from, new Expr.Bin("<=", v, to), new Expr.Bin("+", v, new Expr.Num(1)), body);
        }

        /** The expressions the loop evaluates: its start value, condition and step. */
        public List<Expr> operands() { return List.of(from, cond, step); }
    }

    /** {@code lock(l)}: acquire (0 = free, 1 = held; see docs/tx.md on the thesis's two conventions). */
    public static final class Lock extends Stmt {
        public final String lock;
        public Lock(String label, int line, int col, String lock) { super(label, line, col); this.lock = lock; }
    }

    /** {@code unlock(l)}: release. */
    public static final class Unlock extends Stmt {
        public final String lock;
        public Unlock(String label, int line, int col, String lock) { super(label, line, col); this.lock = lock; }
    }

    /** {@code name(args)}: {@code read(v, ...)} takes values from the input data set, {@code print(e, ...)} writes them. */
    public static final class Call extends Stmt {
        public final String function;
        public final List<Expr> args;
        public Call(String label, int line, int col, String function, List<Expr> args) {
            super(label, line, col);
            this.function = function;
            this.args = args;
        }
    }

    /** {@code task_create(n)} with its task bodies and the matching {@code task_terminate(n)}. */
    public static final class TaskCreate extends Stmt {
        public final Expr count;
        public final List<Task> tasks;
        public final TaskTerminate terminate;
        public TaskCreate(String label, int line, int col, Expr count, List<Task> tasks, TaskTerminate terminate) {
            super(label, line, col);
            this.count = count;
            this.tasks = tasks;
            this.terminate = terminate;
        }
    }

    /** {@code task_terminate(n)}: waits for the tasks of the matching task_create (a CP, Definition 5.9). */
    public static final class TaskTerminate extends Stmt {
        public final Expr count;
        public TaskTerminate(String label, int line, int col, Expr count) { super(label, line, col); this.count = count; }
    }

    /** {@code goto L} / {@code branch L} (intermediate form only). */
    public static final class Goto extends Stmt {
        public final String target;
        public Goto(String label, int line, int col, String target) { super(label, line, col); this.target = target; }
    }

    /** {@code if cond goto L} (intermediate form only). */
    public static final class IfGoto extends Stmt {
        public final Expr cond;
        public final String target;
        public IfGoto(String label, int line, int col, Expr cond, String target) {
            super(label, line, col);
            this.cond = cond;
            this.target = target;
        }
    }

    /** A task body: its local declarations and statements. */
    public record Task(int number, List<Decl> locals, List<Stmt> body, int line) {}
}
