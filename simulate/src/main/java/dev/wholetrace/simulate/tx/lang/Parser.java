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

    /** One source line: its label, the column of its text, its text without label, comment and trailing ';'. */
    private record Line(int no, String label, int col, String text) {}

    private final String source;
    private final List<Line> lines = new ArrayList<>();
    private final List<Stmt> statements = new ArrayList<>();
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
            while (rest.endsWith(";")) rest = rest.substring(0, rest.length() - 1).strip();
            if (rest.isEmpty() && label == null) continue;
            lines.add(new Line(i + 1, label, indent + 1, rest));
        }
    }

    /** Parses {@code text}; {@code source} names it in the program. */
    public static Program parse(String source, String text) throws TxException {
        return new Parser(source, text).program();
    }

    private Program program() throws TxException {
        List<Decl> decls = new ArrayList<>();
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
        return new Program(source, decls, body, statements, intermediate);
    }

    private enum Mode { MAIN, TASK, NESTED }

    /** Reads statements at column ≥ {@code minCol} (all at the first one's column) into {@code out}. */
    private void block(List<Stmt> out, List<Decl> decls, int minCol, Mode mode) throws TxException {
        int col = -1;
        while (pos < lines.size()) {
            Line l = lines.get(pos);
            if (l.col < minCol) break;
            if (mode != Mode.NESTED && (isTaskHeader(l) || l.text.startsWith("task_terminate"))) break;
            if (col < 0 || mode != Mode.NESTED) col = l.col; // a thread body's own statements may sit at any column
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
            Stmt s = statement(l, decls);
            out.add(s);
            if (s instanceof Stmt.End) {
                if (mode == Mode.NESTED) throw new TxException(l.no, l.col, "end closes a task or the program, not a block inside one");
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

    private Stmt register(Stmt s) {
        s.unit(unit);
        s.id(statements.size());
        statements.add(s);
        return s;
    }

    private Stmt statement(Line l, List<Decl> decls) throws TxException {
        Lexer x = new Lexer(l);
        String t = l.text;
        if (t.equals("end")) {
            pos++;
            return register(new Stmt.End(l.label, l.no, l.col));
        }
        if (t.equals("begin")) throw new TxException(l.no, l.col, "begin only starts the program");
        if (x.accept("if")) {
            Expr cond = x.expr();
            if (x.accept("goto")) {
                String target = x.ident();
                x.end();
                intermediate = true;
                pos++;
                return register(new Stmt.IfGoto(l.label, l.no, l.col, cond, target));
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
                Lexer ex = new Lexer(e);
                ex.expect("else");
                ex.accept("do");
                ex.end();
                pos++;
                if (e.label != null) elseStmt = (Stmt.Else) register(new Stmt.Else(e.label, e.no, e.col));
                block(otherwise, null, l.col + 1, Mode.NESTED);
                if (otherwise.isEmpty()) throw new TxException(e.no, e.col, "else has no statements (indent them)");
            }
            Stmt.If s = new Stmt.If(l.label, l.no, l.col, cond, then, elseStmt, otherwise);
            s.unit(unit);
            s.id(id);
            statements.set(id, s);
            return s;
        }
        if (x.accept("for")) {
            String var = x.ident();
            x.expect("=");
            Expr from = x.expr();
            x.expect("to");
            Expr to = x.expr();
            x.accept("do");
            x.end();
            pos++;
            int id = statements.size();
            statements.add(null);
            List<Stmt> body = new ArrayList<>();
            block(body, null, l.col + 1, Mode.NESTED);
            if (body.isEmpty()) throw new TxException(l.no, l.col, "for has an empty body (indent its statements)");
            Stmt.For s = new Stmt.For(l.label, l.no, l.col, var, from, to, body);
            s.unit(unit);
            s.id(id);
            statements.set(id, s);
            return s;
        }
        if (x.accept("goto") || x.accept("branch")) {
            String target = x.ident();
            x.end();
            intermediate = true;
            pos++;
            return register(new Stmt.Goto(l.label, l.no, l.col, target));
        }
        if (t.matches("(un)?lock\\s*\\(.*")) {
            x.ident();
            boolean lock = x.previous().equals("lock");
            x.expect("(");
            String name = x.ident();
            x.expect(")");
            x.end();
            pos++;
            return register(lock ? new Stmt.Lock(l.label, l.no, l.col, name) : new Stmt.Unlock(l.label, l.no, l.col, name));
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
            Lexer tx = new Lexer(tl);
            tx.expect("task_terminate");
            tx.expect("(");
            Expr tn = tx.expr();
            tx.expect(")");
            tx.end();
            pos++;
            Stmt.TaskTerminate term = (Stmt.TaskTerminate) register(new Stmt.TaskTerminate(tl.label, tl.no, tl.col, tn));
            Stmt.TaskCreate s = new Stmt.TaskCreate(l.label, l.no, l.col, n, tasks, term);
            s.unit(unit);
            s.id(id);
            statements.set(id, s);
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
            return register(new Stmt.Call(l.label, l.no, l.col, name, args));
        }
        Expr target;
        if (x.accept("[")) {
            Expr idx = x.expr();
            x.expect("]");
            target = new Expr.Index(name, idx, l.no, c);
        } else target = new Expr.Var(name, l.no, c);
        if (!x.accept(":=")) x.expect("=");
        Expr value = x.expr();
        x.end();
        if (containsTas(value)) intermediate = true;
        pos++;
        return register(new Stmt.Assign(l.label, l.no, l.col, target, value));
    }

    private static boolean containsTas(Expr e) {
        if (e instanceof Expr.TestAndSet) return true;
        if (e instanceof Expr.Bin b) return containsTas(b.left()) || containsTas(b.right());
        if (e instanceof Expr.Neg n) return containsTas(n.operand());
        if (e instanceof Expr.Index i) return containsTas(i.index());
        return false;
    }

    /** Tokens of one line with a recursive-descent expression reader. */
    private static final class Lexer {
        private static final Pattern TOKEN = Pattern.compile(
                "\\s*(test-and-set|[A-Za-z_][A-Za-z0-9_]*|\\d+|:=|==|!=|<=|>=|\\.\\.|[-+*/%<>=()\\[\\],&])");
        private final Line line;
        private final List<String> toks = new ArrayList<>();
        private final List<Integer> cols = new ArrayList<>();
        private int i;

        Lexer(Line line) throws TxException {
            this.line = line;
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
                "begin", "end", "task_create", "task_terminate", "shared", "int", "test-and-set");

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
                String v = ident();
                expect(")");
                return new Expr.TestAndSet(v, line.no, c);
            }
            if (i < toks.size() && toks.get(i).equals("&")) throw error("pointers (& and *) are not supported");
            String name = ident();
            if (accept("[")) {
                Expr idx = expr();
                expect("]");
                return new Expr.Index(name, idx, line.no, c);
            }
            return new Expr.Var(name, line.no, c);
        }
    }
}
