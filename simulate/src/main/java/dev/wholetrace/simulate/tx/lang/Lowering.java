package dev.wholetrace.simulate.tx.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lowers a parsed program to three-address instructions with at most one shared-memory access each
 * (Restriction 2 by construction): a shared read becomes its own load, a shared write its own store,
 * an expression one instruction per operator. Each instruction belongs to the statement it came from;
 * the first instruction of a statement instance starts an event. A for loop makes two kinds of event of
 * its statement: the first visit (init, test) and every later one (increment, jump, test), as
 * Figure 15's C4 instances show. Name errors (undeclared variables, lock operations on non-locks) are
 * reported here, one line each.
 */
public final class Lowering {
    private record Var(boolean shared, int slot, Decl decl) {}

    private final Program program;
    private final List<Code.Unit> units = new ArrayList<>();
    private final Map<String, Var> shared = new LinkedHashMap<>();
    private final List<Long> sharedInit = new ArrayList<>();
    private final List<String> sharedNames = new ArrayList<>();
    private final int[] staticCounts;

    private Lowering(Program program) {
        this.program = program;
        this.staticCounts = new int[program.statements().size()];
    }

    /** Lowers {@code p}. */
    public static Code lower(Program p) throws TxException {
        return new Lowering(p).run();
    }

    private Code run() throws TxException {
        for (Decl d : program.decls()) {
            if (!d.shared()) continue;
            shared.put(d.name(), new Var(true, sharedInit.size(), d));
            long n = d.isArray() ? d.length() : 1;
            for (long i = 0; i < n; i++) {
                sharedInit.add(d.initial());
                sharedNames.add(d.isArray() ? d.name() + "[" + (d.low() + i) + "]" : d.name());
            }
        }
        List<Decl> mainLocals = new ArrayList<>();
        for (Decl d : program.decls()) if (!d.shared()) mainLocals.add(d);
        unit("main", program.body(), mainLocals, new LinkedHashMap<>(), 0, new long[0]);
        long[] init = new long[sharedInit.size()];
        for (int i = 0; i < init.length; i++) init[i] = sharedInit.get(i);
        return new Code(program, units, init, sharedNames.toArray(String[]::new), staticCounts);
    }

    /** Lowers one thread body; {@code inherited} are the parent's locals (copied at task_create). */
    private int unit(String name, List<Stmt> body, List<Decl> locals, Map<String, Var> inherited, int parentFrame, long[] parentInit)
            throws TxException {
        int id = units.size();
        units.add(null);
        UnitBuilder u = new UnitBuilder(new LinkedHashMap<>(inherited), parentFrame);
        List<Long> init = new ArrayList<>();
        for (Decl d : locals) {
            if (u.locals.containsKey(d.name()) || shared.containsKey(d.name())) {
                throw new TxException(d.line(), d.col(), d.name() + " is already declared (a task's locals may not hide the program's variables)");
            }
            u.locals.put(d.name(), new Var(false, u.next, d));
            long n = d.isArray() ? d.length() : 1;
            for (long i = 0; i < n; i++) {
                init.add(d.initial());
                u.next++;
            }
        }
        for (Stmt s : body) u.stmt(s);
        long[] li = new long[init.size()];
        for (int i = 0; i < li.length; i++) li[i] = init.get(i);
        int[][] ch = new int[u.creates.size()][];
        for (int i = 0; i < ch.length; i++) ch[i] = u.creates.get(i);
        units.set(id, new Code.Unit(id, name, u.resolve(), u.next, parentFrame, li, ch));
        return id;
    }

    private final class UnitBuilder {
        final Map<String, Var> locals;
        final int parentFrame;
        int next;
        final List<Instr> code = new ArrayList<>();
        final List<int[]> creates = new ArrayList<>();
        final Map<String, Integer> labels = new HashMap<>();
        final List<Object[]> fixups = new ArrayList<>(); // {Instr, label, Stmt}
        int stmt;
        boolean first;

        UnitBuilder(Map<String, Var> inherited, int parentFrame) {
            this.locals = inherited;
            this.parentFrame = parentFrame;
            this.next = parentFrame;
        }

        private Instr emit(int op, CostClass cls) {
            Instr i = new Instr(op, stmt, first, cls);
            first = false;
            code.add(i);
            staticCounts[stmt]++;
            return i;
        }

        private int temp() { return next++; }

        private Var var(String name, int line, int col) throws TxException {
            Var v = locals.get(name);
            if (v == null) v = shared.get(name);
            if (v == null) throw new TxException(line, col, "undeclared variable " + name + " (A1: programs are error free)");
            return v;
        }

        /** Starts an event of {@code s}. */
        private void begin(Stmt s) {
            stmt = s.id();
            first = true;
            if (s.label() != null) labels.put(s.label(), code.size());
        }

        void stmt(Stmt s) throws TxException {
            begin(s);
            if (s instanceof Stmt.Begin b) {
                emit(Instr.NOP, CostClass.NOP);
            } else if (s instanceof Stmt.End e) {
                emit(Instr.ENDT, CostClass.NOP);
            } else if (s instanceof Stmt.Else e) {
                emit(Instr.NOP, CostClass.NOP);
            } else if (s instanceof Stmt.Assign a) {
                assign(a);
            } else if (s instanceof Stmt.If f) {
                Instr br = cond(f.cond, false);
                for (Stmt t : f.then) stmt(t);
                Instr jmp = null;
                if (f.elseStmt != null || !f.otherwise.isEmpty()) {
                    stmt = f.id();
                    jmp = emit(Instr.JMP, CostClass.BRANCH); // belongs to the then branch's last event, as Figure 12's 'branch A5'
                    staticCounts[f.id()]--;
                }
                br.target = code.size();
                if (f.elseStmt != null) stmt(f.elseStmt);
                for (Stmt t : f.otherwise) stmt(t);
                if (jmp != null) jmp.target = code.size();
            } else if (s instanceof Stmt.For f) {
                Var v = var(f.var, f.line(), f.col());
                if (v.shared || v.decl.isArray()) throw new TxException(f.line(), f.col(), "loop variable " + f.var + " must be a local scalar");
                into(v, f.from, f.line(), f.col());
                int test = code.size();
                Instr br = cond(f.cond, false);
                for (Stmt t : f.body) stmt(t);
                int saved = staticCounts[f.id()];
                stmt = f.id();
                first = true;
                into(v, f.step, f.line(), f.col());
                Instr j = emit(Instr.JMP, CostClass.BRANCH);
                j.target = test;
                staticCounts[f.id()] = saved;
                br.target = code.size();
            } else if (s instanceof Stmt.Lock l) {
                lockOp(Instr.LOCK, l.lock, l);
            } else if (s instanceof Stmt.Unlock l) {
                lockOp(Instr.UNLOCK, l.lock, l);
            } else if (s instanceof Stmt.Call c) {
                call(c);
            } else if (s instanceof Stmt.TaskCreate t) {
                Instr cr = emit(Instr.CREATE, CostClass.TASK);
                cr.target = creates.size();
                if (t.count instanceof Expr.Num n && n.value() != t.tasks.size()) {
                    throw new TxException(t.line(), t.col(), "task_create(" + n.value() + ") has " + t.tasks.size() + " task bodies");
                }
                int[] kids = new int[t.tasks.size()];
                creates.add(kids);
                long[] frameInit = new long[next];
                for (int k = 0; k < kids.length; k++) {
                    Stmt.Task task = t.tasks.get(k);
                    kids[k] = unit("task " + task.number() + "@" + task.line(), task.body(), task.locals(), locals, next, frameInit);
                }
                begin(t.terminate);
                Instr jn = emit(Instr.JOIN, CostClass.TASK);
                jn.target = cr.target;
            } else if (s instanceof Stmt.TaskTerminate t) {
                throw new IllegalStateException("task_terminate is lowered with its task_create");
            } else if (s instanceof Stmt.Goto g) {
                Instr j = emit(Instr.JMP, CostClass.BRANCH);
                fixups.add(new Object[] {j, g.target, g});
            } else if (s instanceof Stmt.IfGoto g) {
                Instr br = cond(g.cond, true);
                fixups.add(new Object[] {br, g.target, g});
            }
        }

        Instr[] resolve() throws TxException {
            for (Object[] f : fixups) {
                Integer t = labels.get((String) f[1]);
                Stmt s = (Stmt) f[2];
                if (t == null) throw new TxException(s.line(), s.col(), "goto " + f[1] + ": no statement labelled " + f[1] + " in this thread body");
                ((Instr) f[0]).target = t;
            }
            return code.toArray(Instr[]::new);
        }

        private void lockOp(int op, String name, Stmt s) throws TxException {
            Var v = var(name, s.line(), s.col());
            if (!v.shared || v.decl.isArray()) throw new TxException(s.line(), s.col(), name + " is not a shared scalar, so it cannot be a lock");
            Instr i = emit(op, CostClass.SYNC);
            i.ak = Instr.SHARED;
            i.a = v.slot;
        }

        private void call(Stmt.Call c) throws TxException {
            switch (c.function) {
                case "read" -> {
                    for (Expr e : c.args) {
                        if (!(e instanceof Expr.Var vv)) throw new TxException(c.line(), c.col(), "read takes variables");
                        Var v = var(vv.name(), vv.line(), vv.col());
                        if (v.shared) {
                            int t = temp();
                            Instr r = emit(Instr.READ, CostClass.CALL);
                            r.dk = Instr.LOCAL; r.d = t;
                            store(v, Instr.LOCAL, t);
                        } else {
                            Instr r = emit(Instr.READ, CostClass.CALL);
                            r.dk = Instr.LOCAL; r.d = v.slot;
                        }
                    }
                }
                case "print" -> {
                    for (Expr e : c.args) {
                        long[] o = operand(e);
                        Instr p = emit(Instr.PRINT, CostClass.CALL);
                        p.ak = (int) o[0]; p.a = o[1];
                    }
                }
                case "skip" -> emit(Instr.NOP, CostClass.NOP);
                default -> throw new TxException(c.line(), c.col(), "unknown function " + c.function + " (the language has read, print and skip, and the procedures defined after the program's end)");
            }
        }

        private void store(Var v, int kind, long value) {
            Instr m = emit(Instr.MOV, CostClass.STORE);
            m.dk = Instr.SHARED; m.d = v.slot; m.ak = kind; m.a = value;
        }

        private void assign(Stmt.Assign a) throws TxException {
            if (a.target instanceof Expr.Var tv) {
                Var v = var(tv.name(), tv.line(), tv.col());
                if (v.decl.isArray()) throw new TxException(tv.line(), tv.col(), tv.name() + " is an array: assign to an element");
                into(v, a.value, a.line(), a.col());
            } else {
                Expr.Index ix = (Expr.Index) a.target;
                Var v = var(ix.name(), ix.line(), ix.col());
                if (!v.decl.isArray()) throw new TxException(ix.line(), ix.col(), ix.name() + " is not an array");
                long[] idx = operand(ix.index());
                long[] val = operand(a.value);
                Instr st = emit(Instr.ASTORE, v.shared ? CostClass.STORE : CostClass.LOCAL_ARRAY);
                array(st, v);
                st.bk = (int) idx[0]; st.b = idx[1];
                st.ak = (int) val[0]; st.a = val[1];
            }
        }

        private void array(Instr i, Var v) {
            i.arrShared = v.shared;
            i.arrBase = v.slot;
            i.arrLow = v.decl.low();
            i.arrLen = v.decl.length();
        }

        /** Evaluates {@code e} into variable {@code v}. */
        private void into(Var v, Expr e, int line, int col) throws TxException {
            if (v.shared) {
                long[] o = operand(e);
                store(v, (int) o[0], o[1]);
                return;
            }
            compute(Instr.LOCAL, v.slot, e);
        }

        /** Emits instructions leaving {@code e} in local slot {@code d}. */
        private void compute(int dk, int d, Expr e) throws TxException {
            if (e instanceof Expr.Bin b) {
                long[] x = operand(b.left()), y = operand(b.right());
                int op = Instr.binop(b.op());
                Instr i = emit(Instr.BIN, op == Instr.MUL || op == Instr.DIV || op == Instr.MOD ? CostClass.MUL : CostClass.ALU);
                i.dk = dk; i.d = d; i.ak = (int) x[0]; i.a = x[1]; i.bk = (int) y[0]; i.b = y[1]; i.binop = op;
            } else if (e instanceof Expr.Neg n) {
                long[] x = operand(n.operand());
                Instr i = emit(Instr.NEG, CostClass.ALU);
                i.dk = dk; i.d = d; i.ak = (int) x[0]; i.a = x[1];
            } else if (e instanceof Expr.Index ix) {
                Var v = var(ix.name(), ix.line(), ix.col());
                if (!v.decl.isArray()) throw new TxException(ix.line(), ix.col(), ix.name() + " is not an array");
                long[] idx = operand(ix.index());
                Instr i = emit(Instr.ALOAD, v.shared ? CostClass.LOAD : CostClass.LOCAL_ARRAY);
                array(i, v);
                i.dk = dk; i.d = d; i.bk = (int) idx[0]; i.b = idx[1];
            } else if (e instanceof Expr.TestAndSet t) {
                Var v = var(t.name(), t.line(), t.col());
                if (!v.shared || v.decl.isArray()) throw new TxException(t.line(), t.col(), "test-and-set needs a shared scalar, not " + t.name());
                Instr i = emit(Instr.TAS, CostClass.SYNC);
                i.dk = dk; i.d = d; i.ak = Instr.SHARED; i.a = v.slot;
            } else if (e instanceof Expr.Var vv) {
                Var v = var(vv.name(), vv.line(), vv.col());
                if (v.decl.isArray()) throw new TxException(vv.line(), vv.col(), vv.name() + " is an array: use an element");
                Instr i = emit(Instr.MOV, v.shared ? CostClass.LOAD : CostClass.ALU);
                i.dk = dk; i.d = d; i.ak = v.shared ? Instr.SHARED : Instr.LOCAL; i.a = v.slot;
            } else if (e instanceof Expr.Num n) {
                Instr i = emit(Instr.MOV, CostClass.ALU);
                i.dk = dk; i.d = d; i.ak = Instr.CONST; i.a = n.value();
            }
        }

        /** An operand {kind, value} for {@code e}, emitting instructions for anything but a constant or local scalar. */
        private long[] operand(Expr e) throws TxException {
            if (e instanceof Expr.Num n) return new long[] {Instr.CONST, n.value()};
            if (e instanceof Expr.Var vv) {
                Var v = var(vv.name(), vv.line(), vv.col());
                if (!v.shared && !v.decl.isArray()) return new long[] {Instr.LOCAL, v.slot};
            }
            int t = temp();
            compute(Instr.LOCAL, t, e);
            return new long[] {Instr.LOCAL, t};
        }

        /** Emits a branch taken when {@code c} is {@code whenTrue}. */
        private Instr cond(Expr c, boolean whenTrue) throws TxException {
            long[] x, y;
            int op;
            if (c instanceof Expr.Bin b && Instr.binop(b.op()) >= Instr.EQ) {
                x = operand(b.left());
                y = operand(b.right());
                op = Instr.binop(b.op());
            } else {
                x = operand(c);
                y = new long[] {Instr.CONST, 0};
                op = Instr.NE;
            }
            Instr br = emit(whenTrue ? Instr.BRT : Instr.BRF, CostClass.BRANCH);
            br.ak = (int) x[0]; br.a = x[1]; br.bk = (int) y[0]; br.b = y[1]; br.binop = op;
            return br;
        }
    }
}
