package dev.wholetrace.simulate.tx.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the thesis language as the figures write it: one statement per line, an optional label
 * ({@code B4:}), blocks by indentation (the column of the statement text after its label, so
 * {@code B12:    k = i;} is inside {@code B11:if i > 0 then}), task bodies introduced by {@code task N}
 * lines and closed by the next {@code task N} or by {@code task_terminate}. Both the structured form
 * (if/else/for) and the intermediate form (goto, {@code if a relop b goto L}, test-and-set) are read.
 * Errors are one line, {@code line:column: message}.
 */
public final class Parser {
    private static final Pattern LABEL = Pattern.compile("^([A-Za-z_][A-Za-z0-9_]*)\\s*:(?!=)\\s*");

    /**
     * One source line: its label, the column of its text, its text without label, comment and trailing
     * ';', and whether it ended in ';' (which gives a C-form for an empty body).
     */
    private record Line(int no, String label, int col, String text, boolean semicolon) {}

    /** A call of a procedure or a built-in: {@code [call] NAME(}. */
    private static final Pattern CALL = Pattern.compile("^(call\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");
    private static final Pattern PROCEDURE = Pattern.compile("(procedure|function)\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*\\(([^)]*)\\)");
    /** A call of a function as an assignment's whole right-hand side: {@code TARGET = NAME(}. */
    private static final Pattern FUNCTION_CALL = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]*\\s*(\\[.*\\])?\\s*:?=\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");

    /**
     * A procedure or function definition (§8.6): its parameters and its body's lines, parsed again at
     * every call; a function's body ends with {@code return EXPR}.
     */
    private record Procedure(String name, List<String> params, List<Line> body, Line header, boolean function) {
        String kind() { return function ? "function" : "procedure"; }
    }

    private final String source;
    /** The lines being parsed: the program's, or a procedure body's while it is inlined. */
    private List<Line> lines = new ArrayList<>();
    private final List<Stmt> statements = new ArrayList<>();
    private final java.util.Map<String, Procedure> procedures = new java.util.LinkedHashMap<>();
    /** Procedures being inlined, innermost last (recursion cannot be inlined). */
    private final java.util.ArrayDeque<String> inlining = new java.util.ArrayDeque<>();
    /** While a procedure is inlined: "@" + the call's name, appended to every statement name. */
    private String suffix;
    /** While a function is inlined: the caller's variable or array element its return assigns (null in a procedure). */
    private Expr returnTarget;
    /** While a function is inlined: its return statements (one, its body's last, for a valid function). */
    private List<Stmt> returns = new ArrayList<>();
    /** While a procedure is inlined: its parameters → the variables that carry them. */
    private java.util.Map<String, String> renames = java.util.Map.of();
    private List<Decl> mainDecls;
    private int pos;
    private boolean intermediate;
    private int unit, units;

    private Parser(String source, String text) {
        this.source = source;
        String[] raw = text.split("\r?\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String l = raw[i].replace("\t", "    ");
            int c = l.indexOf("//");
            if (c >= 0) l = l.substring(0, c);
            if (l.isBlank()) continue;
            int indent = 0;
            while (indent < l.length() && l.charAt(indent) == ' ') indent++;
            String rest = l.substring(indent);
            String label = null;
            Matcher m = LABEL.matcher(rest);
            if (m.find() && !rest.startsWith("task ")) {
                label = m.group(1);
                indent += m.end();
                rest = rest.substring(m.end());
            }
            rest = rest.strip();
            boolean semicolon = rest.endsWith(";");
            while (rest.endsWith(";")) rest = rest.substring(0, rest.length() - 1).strip();
            if (rest.isEmpty() && label == null) continue;
            lines.add(new Line(i + 1, label, indent + 1, rest, semicolon));
        }
    }

    /**
     * Takes the procedure definitions off the end of the program: every line from the first
     * {@code procedure NAME(params)} header on belongs to a procedure, each body running to the
     * next header.
     */
    private void splitProcedures() throws TxException {
        int first = -1;
        for (int i = 0; i < lines.size() && first < 0; i++) if (isDefinition(lines.get(i))) first = i;
        if (first < 0) return;
        List<Line> rest = new ArrayList<>(lines.subList(first, lines.size()));
        lines = new ArrayList<>(lines.subList(0, first));
        Procedure open = null;
        for (Line l : rest) {
            Matcher m = PROCEDURE.matcher(l.text);
            if (isDefinition(l)) {
                if (!m.matches()) throw new TxException(l.no, l.col, "expected procedure NAME(parameters) or function NAME(parameters), not '" + l.text + "'");
                String name = m.group(2);
                if (procedures.containsKey(name)) throw new TxException(l.no, l.col, m.group(1) + " " + name + " is defined twice");
                if (Lexer.KEYWORDS.contains(name) || BUILTINS.contains(name)) throw new TxException(l.no, l.col, name + " cannot name a " + m.group(1));
                List<String> params = new ArrayList<>();
                for (String p : m.group(3).split(",")) {
                    p = p.strip();
                    if (p.isEmpty() && params.isEmpty() && m.group(3).isBlank()) break;
                    if (!p.matches("[A-Za-z_][A-Za-z0-9_]*") || Lexer.KEYWORDS.contains(p)) throw new TxException(l.no, l.col, "bad parameter '" + p + "' of " + m.group(1) + " " + name);
                    if (params.contains(p)) throw new TxException(l.no, l.col, "parameter " + p + " of " + m.group(1) + " " + name + " is named twice");
                    params.add(p);
                }
                open = new Procedure(name, params, new ArrayList<>(), l, m.group(1).equals("function"));
                procedures.put(name, open);
            } else {
                open.body.add(l);
            }
        }
        for (Procedure p : procedures.values()) {
            if (p.body.isEmpty()) throw new TxException(p.header.no, p.header.col, p.kind() + " " + p.name + " has no statements");
        }
    }

    private static boolean isDefinition(Line l) {
        return l.label == null && (l.text.startsWith("procedure ") || l.text.startsWith("function "));
    }

    /** Built-in calls, which are statements of their own, not procedures. */
    private static final java.util.Set<String> BUILTINS = java.util.Set.of("read", "print", "skip");

    /** Parses {@code text}; {@code source} names it in the program. */
    public static Program parse(String source, String text) throws TxException {
        Parser p = new Parser(source, text);
        p.splitProcedures();
        return p.program();
    }

    private Program program() throws TxException {
        List<Decl> decls = new ArrayList<>();
        mainDecls = decls;
        List<Stmt> body = new ArrayList<>();
        if (lines.isEmpty()) throw new TxException(1, 1, "empty program: expected begin");
        Line first = lines.get(0);
        if (!first.text.equals("begin")) throw new TxException(first.no, first.col, "a program starts with begin, not '" + first.text + "'");
        pos = 1;
        body.add(register(new Stmt.Begin(first.label, first.no, first.col)));
        block(body, decls, 0, Mode.MAIN);
        if (pos < lines.size()) {
            Line l = lines.get(pos);
            throw new TxException(l.no, l.col, "unexpected '" + l.text + "' (indented deeper than its block allows?)");
        }
        Stmt last = body.get(body.size() - 1);
        if (!(last instanceof Stmt.End)) throw new TxException(last.line(), last.col(), "a program ends with end");
        java.util.Set<String> functions = new java.util.HashSet<>();
        for (Procedure p : procedures.values()) if (p.function) functions.add(p.name);
        return new Program(source, decls, body, statements, intermediate, functions);
    }

    /** PROCEDURE: a procedure body, a block of its own that may not end, create tasks or use goto. */
    private enum Mode { MAIN, TASK, NESTED, PROCEDURE }

    /** Reads statements at column ≥ {@code minCol} (all at the first one's column) into {@code out}. */
    private void block(List<Stmt> out, List<Decl> decls, int minCol, Mode mode) throws TxException {
        int col = -1;
        while (pos < lines.size()) {
            Line l = lines.get(pos);
            if (l.col < minCol) break;
            if ((mode == Mode.MAIN || mode == Mode.TASK) && (isTaskHeader(l) || l.text.startsWith("task_terminate"))) break;
            if (col < 0 || mode == Mode.MAIN || mode == Mode.TASK) col = l.col; // a thread body's own statements may sit at any column
            else if (l.col < col) break;
            else if (l.col > col) throw new TxException(l.no, l.col, "unexpected indentation: '" + l.text + "' is deeper than the statements before it");
            if (l.text.startsWith("else")) break;
            if (isDecl(l.text)) {
                if (decls == null) throw new TxException(l.no, l.col, "declarations belong at the start of the program or of a task, not inside " + "a block");
                if (l.label != null) throw new TxException(l.no, l.col, "a declaration has no label");
                decl(l, decls);
                pos++;
                continue;
            }
            Procedure called = calledProcedure(l);
            if (called != null) {
                inline(called, l, out);
                continue;
            }
            Procedure function = calledFunction(l);
            if (function != null) {
                inline(function, l, out);
                continue;
            }
            Stmt s = statement(l, decls);
            out.add(s);
            if (s instanceof Stmt.End) {
                if (mode == Mode.NESTED) throw new TxException(l.no, l.col, "end closes a task or the program, not a block inside one");
                if (mode == Mode.PROCEDURE) throw new TxException(l.no, l.col, "a procedure has no end: its body runs to the next procedure or to the end of the file");
                return;
            }
        }
    }

    private static boolean isTaskHeader(Line l) {
        return l.label == null && l.text.matches("task\\s+\\d+");
    }

    private static boolean isDecl(String t) {
        return t.startsWith("shared ") || t.startsWith("int ") || t.matches("locks?\\s+[A-Za-z_].*");
    }

    private void decl(Line l, List<Decl> out) throws TxException {
        Lexer x = new Lexer(l);
        boolean shared = x.accept("shared");
        boolean lock;
        if (x.accept("int")) lock = false;
        else if (x.accept("lock") || x.accept("locks")) lock = true;
        else throw x.error("expected int or lock after shared");
        boolean arrayKeyword = x.peekIsArrayKeyword() && x.accept("array");
        do {
            int c = x.col();
            String name = x.ident();
            long low = 0, length = 0, initial = 0;
            if (x.accept("[")) {
                long a = x.number();
                if (x.accept("..")) {
                    long b = x.number();
                    low = a;
                    length = b - a + 1;
                } else length = a;
                x.expect("]");
                if (length < 1) throw new TxException(l.no, c, "array " + name + " has no elements");
            } else if (arrayKeyword) throw new TxException(l.no, c, "array " + name + " needs a size: " + name + "[N] or " + name + "[lo..hi]");
            if (x.accept("=")) {
                boolean neg = x.accept("-");
                initial = neg ? -x.number() : x.number();
            }
            for (Decl d : out) if (d.name().equals(name)) throw new TxException(l.no, c, name + " is declared twice");
            out.add(new Decl(name, shared || lock, lock, initial, low, length, l.no, c));
        } while (x.accept(","));
        x.end();
    }

    /** The name a statement of line {@code l} gets: its label, and inside an inlined procedure also where it was called. */
    private String label(Line l) {
        if (suffix == null) return l.label;
        return (l.label != null ? l.label : "L" + l.no) + suffix;
    }

    private String rename(String name) {
        return renames.getOrDefault(name, name);
    }

    /** The procedure line {@code l} calls ({@code call P(...)} or {@code P(...)}), or null if it is another statement. */
    private Procedure calledProcedure(Line l) throws TxException {
        Matcher m = CALL.matcher(l.text);
        if (!m.find()) return null;
        Procedure p = procedures.get(m.group(2));
        if (p == null && m.group(1) != null) throw new TxException(l.no, l.col, "call of " + m.group(2) + ": no such procedure");
        if (p != null && p.function) throw new TxException(l.no, l.col, "function " + p.name + " returns a value: call it as x = " + p.name + "(...)");
        return p;
    }

    /** The function line {@code l} assigns the value of ({@code x = F(...)}, {@code a[i] = F(...)}), or null. */
    private Procedure calledFunction(Line l) throws TxException {
        Matcher m = FUNCTION_CALL.matcher(l.text);
        if (!m.find()) return null;
        Procedure p = procedures.get(m.group(2));
        if (p == null) throw new TxException(l.no, l.col, "no such function " + m.group(2));
        if (!p.function) throw new TxException(l.no, l.col, "procedure " + p.name + " returns no value (a function does: function NAME(...) ending with return)");
        return p;
    }

    /**
     * A call, inlined as §8.6 prescribes for procedures with side effects: each parameter becomes
     * an assignment to a variable of its own ({@code P.param}, a local of every thread, the first
     * assignment named as the call), then the body is parsed again with its statements named
     * {@code LABEL@CALL} and its parameters renamed. A call of a procedure without parameters is a
     * {@code skip()} under the call's name.
     */
    private void inline(Procedure p, Line l, List<Stmt> out) throws TxException {
        if (inlining.contains(p.name)) throw new TxException(l.no, l.col, p.kind() + " " + p.name + " calls itself (through " + String.join(" → ", inlining) + "): procedures and functions are inlined, so recursion is not supported");
        Lexer x = new Lexer(l, renames);
        Expr target = null;
        if (p.function) {
            target = target(x, l, x.col(), x.ident());
            if (!x.accept(":=")) x.expect("=");
        } else x.accept("call");
        x.ident();
        x.expect("(");
        List<Expr> args = new ArrayList<>();
        if (!x.accept(")")) {
            do args.add(x.expr()); while (x.accept(","));
            x.expect(")");
        }
        if (p.function && !x.atEnd()) throw x.error("a function call is its assignment's whole right-hand side (the three-address form)");
        x.end();
        if (args.size() != p.params.size()) throw new TxException(l.no, l.col, p.kind() + " " + p.name + " takes " + p.params.size() + " argument(s), not " + args.size());
        String call = l.label != null || suffix != null ? label(l) : "L" + l.no;
        int first = out.size();
        java.util.Map<String, String> inner = new java.util.HashMap<>();
        for (int i = 0; i < p.params.size(); i++) {
            String var = p.name + "." + p.params.get(i);
            inner.put(p.params.get(i), var);
            boolean declared = false;
            for (Decl d : mainDecls) declared |= d.name().equals(var);
            if (!declared) mainDecls.add(new Decl(var, false, false, 0, 0, 0, p.header.no, p.header.col));
            String name = i == 0 ? call : call + "." + p.params.get(i);
            out.add(register(new Stmt.Assign(name, l.no, l.col, new Expr.Var(var, l.no, l.col), args.get(i))));
        }
        if (p.params.isEmpty()) out.add(register(new Stmt.Call(call, l.no, l.col, "skip", List.of())));
        int passing = out.size() - first;
        pos++;
        List<Line> savedLines = lines;
        int savedPos = pos;
        String savedSuffix = suffix;
        java.util.Map<String, String> savedRenames = renames;
        Expr savedTarget = returnTarget;
        List<Stmt> savedReturns = returns;
        inlining.addLast(p.name);
        try {
            lines = p.body;
            pos = 0;
            suffix = "@" + call;
            renames = inner;
            returnTarget = target;
            returns = new ArrayList<>();
            block(out, null, 0, Mode.PROCEDURE);
            if (pos < lines.size()) {
                Line bad = lines.get(pos);
                throw new TxException(bad.no, bad.col, "unexpected '" + bad.text + "' in " + p.kind() + " " + p.name + " (indented less than its first statement?)");
            }
            if (p.function) {
                // One return, the body's last statement outside any if or for: the function's value is always assigned once.
                for (Stmt r : returns) {
                    if (r != out.get(out.size() - 1)) throw new TxException(r.line(), r.col(), "return ends function " + p.name + ": only its last statement, outside any if or for, returns");
                }
                if (returns.isEmpty()) throw new TxException(p.header.no, p.header.col, "function " + p.name + " has no return: its body ends with return EXPR");
            }
        } finally {
            inlining.removeLast();
            lines = savedLines;
            pos = savedPos;
            suffix = savedSuffix;
            renames = savedRenames;
            returnTarget = savedTarget;
            returns = savedReturns;
        }
        out.get(first).calls(p.name, passing, out.size() - first);
    }

    /** Puts a compound statement into the id reserved for it before its body was read. */
    private void place(Stmt s, int id) {
        s.unit(unit);
        if (suffix != null) s.procedure(inlining.getLast());
        s.id(id);
        statements.set(id, s);
    }

    private Stmt register(Stmt s) {
        s.unit(unit);
        if (suffix != null) s.procedure(inlining.getLast());
        s.id(statements.size());
        statements.add(s);
        return s;
    }

    private Stmt statement(Line l, List<Decl> decls) throws TxException {
        Lexer x = new Lexer(l, renames);
        String t = l.text;
        if (t.equals("end")) {
            pos++;
            return register(new Stmt.End(label(l), l.no, l.col));
        }
        if (t.equals("begin")) throw new TxException(l.no, l.col, "begin only starts the program");
        boolean inProcedure = !inlining.isEmpty();
        if (inProcedure && (t.startsWith("task_create") || t.startsWith("goto") || t.startsWith("branch") || t.matches("if .* goto .*"))) {
            throw new TxException(l.no, l.col, "a procedure body is structured code: no task_create, no goto (procedure " + inlining.getLast() + ")");
        }
        if (x.accept("return")) {
            if (returnTarget == null) {
                throw new TxException(l.no, l.col, inProcedure ? "return in procedure " + inlining.getLast() + ": only a function returns a value" : "return outside a function");
            }
            Expr value = x.expr();
            x.end();
            pos++;
            // The return assigns the caller's target (parsed in the caller's scope) the value (in the function's).
            Stmt r = register(new Stmt.Assign(label(l), l.no, l.col, returnTarget, value));
            returns.add(r);
            return r;
        }
        if (x.accept("if")) {
            Expr cond = x.expr();
            if (x.accept("goto")) {
                String target = x.ident();
                x.end();
                intermediate = true;
                pos++;
                return register(new Stmt.IfGoto(label(l), l.no, l.col, cond, target));
            }
            x.expect("then");
            x.accept("do");
            x.end();
            pos++;
            Stmt.If placeholder = null;
            int id = statements.size();
            statements.add(null);
            List<Stmt> then = new ArrayList<>();
            block(then, null, l.col + 1, Mode.NESTED);
            if (then.isEmpty()) throw new TxException(l.no, l.col, "if has an empty then branch (indent its statements)");
            Stmt.Else elseStmt = null;
            List<Stmt> otherwise = new ArrayList<>();
            if (pos < lines.size() && lines.get(pos).col == l.col && lines.get(pos).text.startsWith("else")) {
                Line e = lines.get(pos);
                Lexer ex = new Lexer(e, renames);
                ex.expect("else");
                ex.accept("do");
                ex.end();
                pos++;
                if (e.label != null) elseStmt = (Stmt.Else) register(new Stmt.Else(label(e), e.no, e.col));
                block(otherwise, null, l.col + 1, Mode.NESTED);
                if (otherwise.isEmpty()) throw new TxException(e.no, e.col, "else has no statements (indent them)");
            }
            Stmt.If s = new Stmt.If(label(l), l.no, l.col, cond, then, elseStmt, otherwise);
            place(s, id);
            return s;
        }
        if (x.accept("for")) {
            boolean cForm = x.accept("(");
            String var = rename(x.ident());
            if (!x.accept(":=")) x.expect("=");
            Expr from = x.expr();
            Expr cond = null, step = null, to = null;
            if (cForm) {
                x.expect(";");
                cond = x.expr();
                x.expect(";");
                step = step(x, var);
                x.expect(")");
            } else {
                x.expect("to");
                to = x.expr();
            }
            x.accept("do");
            x.end();
            pos++;
            int id = statements.size();
            statements.add(null);
            List<Stmt> body = new ArrayList<>();
            // Figure 10's for (k = k+1; k < aval; k++); has an empty body: in the C form the ';' says so, and
            // a line indented under it would otherwise be read as the body the ';' denies it.
            if (cForm && l.semicolon) {
                if (pos < lines.size() && lines.get(pos).col > l.col) {
                    Line n = lines.get(pos);
                    throw new TxException(n.no, n.col, "line " + l.no + "'s for ends in ';' (an empty body) but this line is indented under it: drop the ';' or unindent the line");
                }
            } else block(body, null, l.col + 1, Mode.NESTED);
            if (body.isEmpty() && !cForm) throw new TxException(l.no, l.col, "for has an empty body (indent its statements)");
            Stmt.For s = cForm ? new Stmt.For(label(l), l.no, l.col, var, from, cond, step, body)
                    : Stmt.For.range(label(l), l.no, l.col, var, from, to, body);
            place(s, id);
            return s;
        }
        if (x.accept("goto") || x.accept("branch")) {
            String target = x.ident();
            x.end();
            intermediate = true;
            pos++;
            return register(new Stmt.Goto(label(l), l.no, l.col, target));
        }
        if (t.matches("(un)?lock\\s*\\(.*")) {
            x.ident();
            boolean lock = x.previous().equals("lock");
            x.expect("(");
            String name = rename(x.ident());
            x.expect(")");
            x.end();
            pos++;
            return register(lock ? new Stmt.Lock(label(l), l.no, l.col, name) : new Stmt.Unlock(label(l), l.no, l.col, name));
        }
        if (x.accept("task_create")) {
            x.expect("(");
            Expr n = x.expr();
            x.expect(")");
            x.end();
            pos++;
            int id = statements.size();
            statements.add(null);
            List<Stmt.Task> tasks = new ArrayList<>();
            while (pos < lines.size() && isTaskHeader(lines.get(pos))) {
                Line h = lines.get(pos);
                int number = Integer.parseInt(h.text.substring(4).strip());
                if (number != tasks.size()) throw new TxException(h.no, h.col, "expected task " + tasks.size() + ", not task " + number);
                pos++;
                List<Decl> locals = new ArrayList<>();
                List<Stmt> body = new ArrayList<>();
                int outer = unit;
                unit = ++units;
                block(body, locals, 0, Mode.TASK);
                if (body.isEmpty() || !(body.get(body.size() - 1) instanceof Stmt.End)) {
                    // The task's end is a CP (a loop or if at the end of a task converges there): make it explicit.
                    body.add(register(new Stmt.End("end@" + h.no, h.no, h.col)));
                }
                unit = outer;
                tasks.add(new Stmt.Task(number, locals, body, h.no));
            }
            if (tasks.isEmpty()) throw new TxException(l.no, l.col, "task_create needs task bodies: lines 'task 0', 'task 1', ... after it");
            if (pos >= lines.size() || !lines.get(pos).text.startsWith("task_terminate")) {
                throw new TxException(l.no, l.col, "task_create has no matching task_terminate");
            }
            Line tl = lines.get(pos);
            Lexer tx = new Lexer(tl, renames);
            tx.expect("task_terminate");
            tx.expect("(");
            Expr tn = tx.expr();
            tx.expect(")");
            tx.end();
            pos++;
            Stmt.TaskTerminate term = (Stmt.TaskTerminate) register(new Stmt.TaskTerminate(label(tl), tl.no, tl.col, tn));
            Stmt.TaskCreate s = new Stmt.TaskCreate(label(l), l.no, l.col, n, tasks, term);
            place(s, id);
            return s;
        }
        if (t.startsWith("task_terminate")) throw new TxException(l.no, l.col, "task_terminate without task_create");
        if (t.startsWith("else")) throw new TxException(l.no, l.col, "else without if");
        // call or assignment
        int c = x.col();
        String name = x.ident();
        if (x.accept("(")) {
            List<Expr> args = new ArrayList<>();
            if (!x.accept(")")) {
                do args.add(x.expr()); while (x.accept(","));
                x.expect(")");
            }
            x.end();
            pos++;
            return register(new Stmt.Call(label(l), l.no, l.col, name, args));
        }
        Expr target = target(x, l, c, name);
        if (!x.accept(":=")) x.expect("=");
        Expr value = x.expr();
        x.end();
        if (containsTas(value)) intermediate = true;
        pos++;
        return register(new Stmt.Assign(label(l), l.no, l.col, target, value));
    }

    /** An assignment's target: variable {@code name} (read at column {@code col}), or its element {@code name[index]}. */
    private Expr target(Lexer x, Line l, int col, String name) throws TxException {
        if (!x.accept("[")) return new Expr.Var(rename(name), l.no, col);
        Expr idx = x.expr();
        x.expect("]");
        return new Expr.Index(rename(name), idx, l.no, col);
    }

    private static boolean containsTas(Expr e) {
        if (e instanceof Expr.TestAndSet) return true;
        if (e instanceof Expr.Bin b) return containsTas(b.left()) || containsTas(b.right());
        if (e instanceof Expr.Neg n) return containsTas(n.operand());
        if (e instanceof Expr.Index i) return containsTas(i.index());
        return false;
    }

    /**
     * The C form's step, the new value of the loop variable: {@code v++}, {@code v--}, {@code v += e},
     * {@code v -= e} or {@code v = e}. The loop has one variable (its start and step assign the same one).
     */
    private Expr step(Lexer x, String var) throws TxException {
        int col = x.col();
        String v = rename(x.ident());
        if (!v.equals(var)) throw new TxException(x.line(), col, "the for loop steps " + v + ", not its variable " + var);
        Expr self = new Expr.Var(v, x.line(), col);
        if (x.accept("+")) {
            if (x.accept("+")) return new Expr.Bin("+", self, new Expr.Num(1));
            x.expect("=");
            return new Expr.Bin("+", self, x.expr());
        }
        if (x.accept("-")) {
            if (x.accept("-")) return new Expr.Bin("-", self, new Expr.Num(1));
            x.expect("=");
            return new Expr.Bin("-", self, x.expr());
        }
        if (!x.accept(":=")) x.expect("=");
        return x.expr();
    }

    /** Tokens of one line with a recursive-descent expression reader. */
    private static final class Lexer {
        private static final Pattern TOKEN = Pattern.compile(
                "\\s*(test-and-set|[A-Za-z_][A-Za-z0-9_]*|\\d+|:=|==|!=|<=|>=|\\.\\.|[-+*/%<>=()\\[\\],&;])");
        private final Line line;
        /** Parameter → variable while a procedure is inlined (empty otherwise). */
        private final java.util.Map<String, String> renames;
        private final List<String> toks = new ArrayList<>();
        private final List<Integer> cols = new ArrayList<>();
        private int i;

        Lexer(Line line) throws TxException {
            this(line, java.util.Map.of());
        }

        Lexer(Line line, java.util.Map<String, String> renames) throws TxException {
            this.line = line;
            this.renames = renames;
            String t = line.text;
            int p = 0;
            Matcher m = TOKEN.matcher(t);
            while (p < t.length()) {
                if (Character.isWhitespace(t.charAt(p))) { p++; continue; }
                if (!m.find(p) || m.start() != p && !t.substring(p, m.start(1)).isBlank()) {
                    throw new TxException(line.no, line.col + p, "unexpected character '" + t.charAt(p) + "'");
                }
                toks.add(m.group(1));
                cols.add(line.col + m.start(1));
                p = m.end();
            }
        }

        int col() { return i < cols.size() ? cols.get(i) : line.col + line.text.length(); }

        int line() { return line.no; }

        String previous() { return toks.get(i - 1); }

        /** Whether the next token is the keyword of {@code int array a[..]} rather than a variable named array. */
        boolean peekIsArrayKeyword() {
            return i + 1 < toks.size() && toks.get(i).equals("array") && Character.isLetter(toks.get(i + 1).charAt(0));
        }

        TxException error(String msg) {
            return new TxException(line.no, col(), msg + (i < toks.size() ? ", found '" + toks.get(i) + "'" : ", found end of line"));
        }

        boolean accept(String s) {
            if (i < toks.size() && toks.get(i).equals(s)) { i++; return true; }
            return false;
        }

        void expect(String s) throws TxException {
            if (!accept(s)) throw error("expected '" + s + "'");
        }

        boolean atEnd() { return i >= toks.size(); }

        void end() throws TxException {
            if (i < toks.size()) throw error("expected end of statement");
        }

        String ident() throws TxException {
            if (i < toks.size() && (Character.isLetter(toks.get(i).charAt(0)) || toks.get(i).charAt(0) == '_') && !toks.get(i).equals("test-and-set")) {
                String s = toks.get(i);
                if (KEYWORDS.contains(s)) throw error("expected a name");
                i++;
                return s;
            }
            throw error("expected a name");
        }

        long number() throws TxException {
            if (i < toks.size() && Character.isDigit(toks.get(i).charAt(0))) {
                try {
                    return Long.parseLong(toks.get(i++));
                } catch (NumberFormatException e) {
                    i--;
                    throw error("number too large");
                }
            }
            throw error("expected a number");
        }

        private static final java.util.Set<String> KEYWORDS = java.util.Set.of("if", "then", "else", "for", "to", "do", "goto", "branch",
                "begin", "end", "task_create", "task_terminate", "shared", "int", "test-and-set", "procedure", "call", "function", "return");

        Expr expr() throws TxException {
            Expr a = additive();
            for (String op : new String[] {"==", "!=", "<=", ">=", "<", ">"}) {
                if (accept(op)) return new Expr.Bin(op, a, additive());
            }
            return a;
        }

        Expr additive() throws TxException {
            Expr a = term();
            while (true) {
                if (accept("+")) a = new Expr.Bin("+", a, term());
                else if (accept("-")) a = new Expr.Bin("-", a, term());
                else return a;
            }
        }

        Expr term() throws TxException {
            Expr a = unary();
            while (true) {
                if (accept("*")) a = new Expr.Bin("*", a, unary());
                else if (accept("/")) a = new Expr.Bin("/", a, unary());
                else if (accept("%")) a = new Expr.Bin("%", a, unary());
                else return a;
            }
        }

        Expr unary() throws TxException {
            if (accept("-")) return new Expr.Neg(unary());
            if (accept("(")) {
                Expr e = expr();
                expect(")");
                return e;
            }
            if (i < toks.size() && Character.isDigit(toks.get(i).charAt(0))) return new Expr.Num(number());
            int c = col();
            if (accept("test-and-set")) {
                expect("(");
                String w = ident();
                String v = renames.getOrDefault(w, w);
                expect(")");
                return new Expr.TestAndSet(v, line.no, c);
            }
            if (i < toks.size() && toks.get(i).equals("&")) throw error("pointers (& and *) are not supported");
            String written = ident();
            String name = renames.getOrDefault(written, written);
            if (accept("[")) {
                Expr idx = expr();
                expect("]");
                return new Expr.Index(name, idx, line.no, c);
            }
            return new Expr.Var(name, line.no, c);
        }
    }
}
