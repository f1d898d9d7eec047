package dev.wholetrace.simulate.egraph;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The execution graph file (docs/egraph.md), in the spirit of the paper's Figure 4: the list of
 * method graphs, then each as a "tree" of vertex lines. Version 4 added the {@code sqrt} instruction
 * class (earlier versions count {@code Math.sqrt} as an {@code invoke}); version 5 the {@code callback}
 * action, with its {@code trips}; version 6 the {@code jdk} instruction class (earlier versions count a
 * call into the JDK as an {@code invoke}).
 *
 * <pre>
 * egraph 6
 * entry 0
 * method 0 demo/Main.main([Ljava/lang/String;)V
 * method 1 demo/Main.work(I)V
 * tree 0 3
 * v 0 bci=0 ops=const:2,local:1,invoke:1 act=call calls=1 next=1
 * v 1 bci=6 ops=local:1,fp:2,array-load:1,branch:1 chain=fp:2 walks=1x8@12 next=2,0 w=1,9 loop=1 trips=9
 * v 2 bci=9 ops=return:1
 * </pre>
 */
public final class EgraphFile {
    /** The version this code writes; it reads every version up to it. */
    public static final int VERSION = 6;

    private EgraphFile() {}

    public static void write(ExecutionGraph g, Writer out) throws IOException {
        write(g, List.of(), out);
    }

    /**
     * The same with {@code notes} as comment lines after the first: how the graph was made (the JDK
     * whose bytecode priced its JDK calls), for a reader; the format reads no comment.
     */
    public static void write(ExecutionGraph g, List<String> notes, Writer out) throws IOException {
        StringBuilder s = new StringBuilder();
        s.append("# Wholetrace execution graph (docs/egraph.md)\n");
        for (String note : notes) s.append("# ").append(note.replace('\n', ' ')).append('\n');
        s.append("egraph ").append(VERSION).append('\n');
        s.append("entry ").append(g.entry()).append('\n');
        for (int i = 0; i < g.methods().size(); i++) s.append("method ").append(i).append(' ').append(g.methods().get(i).id()).append('\n');
        for (int i = 0; i < g.methods().size(); i++) {
            List<Vertex> vs = g.methods().get(i).vertices();
            s.append("tree ").append(i).append(' ').append(vs.size()).append('\n');
            for (int k = 0; k < vs.size(); k++) {
                Vertex v = vs.get(k);
                s.append("v ").append(k).append(" bci=").append(v.bci);
                if (v.end != v.bci) s.append(" end=").append(v.end);
                StringBuilder ops = new StringBuilder();
                for (int c = 0; c < v.ops.length; c++) {
                    if (v.ops[c] != 0) ops.append(ops.length() == 0 ? "" : ",").append(OpClass.at(c).label()).append(':').append(v.ops[c]);
                }
                if (ops.length() > 0) s.append(" ops=").append(ops);
                StringBuilder chain = new StringBuilder();
                for (int c = 0; c < v.chain.length; c++) {
                    if (v.chain[c] != 0) chain.append(chain.length() == 0 ? "" : ",").append(OpClass.at(c).label()).append(':').append(number(v.chain[c]));
                }
                if (chain.length() > 0) s.append(" chain=").append(chain);
                if (v.walks.length > 0) s.append(" walks=").append(walks(v.walks));
                if (v.action != Action.NONE) s.append(" act=").append(v.action.label());
                if (v.key != null) s.append(" key=").append(v.key.replaceAll("\\s", "_"));
                if (v.targets.length > 0) s.append(" calls=").append(ints(v.targets));
                if (!allOnes(v.targetWeights)) s.append(" cw=").append(numbers(v.targetWeights));
                if (v.next.length > 0) s.append(" next=").append(ints(v.next));
                if (!allOnes(v.weights)) s.append(" w=").append(numbers(v.weights));
                if (v.loopStay >= 0) s.append(" loop=").append(v.loopStay);
                if (v.loopStay >= 0 || v.action == Action.CALLBACK) s.append(" trips=").append(number(v.trips));
                s.append('\n');
            }
        }
        out.write(s.toString());
    }

    /** {@code COUNTxBYTES[f]@LOOP/LOOP…}, comma-separated: docs/egraph.md, "Array walks". */
    private static String walks(Walk[] ws) {
        StringBuilder s = new StringBuilder();
        for (Walk w : ws) {
            if (s.length() > 0) s.append(',');
            s.append(w.count()).append('x').append(w.bytes()).append(w.far() ? "f" : "").append('@');
            for (int k = 0; k < w.loops().size(); k++) s.append(k == 0 ? "" : "/").append(w.loops().get(k));
        }
        return s.toString();
    }

    private static Walk[] walks(String val, String where) throws EgraphException {
        String[] parts = val.split(",");
        Walk[] ws = new Walk[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            int x = p.indexOf('x'), at = p.indexOf('@');
            if (x < 1 || at < x + 2 || at == p.length() - 1) throw new EgraphException(where + "a walk is COUNTxBYTES[f]@LOOP/…, not " + p);
            String bytes = p.substring(x + 1, at);
            boolean far = bytes.endsWith("f");
            List<Integer> loops = new ArrayList<>();
            for (String l : p.substring(at + 1).split("/")) loops.add(Integer.parseInt(l));
            try {
                ws[i] = new Walk(Integer.parseInt(p.substring(0, x)), Integer.parseInt(far ? bytes.substring(0, bytes.length() - 1) : bytes), far, loops);
            } catch (IllegalArgumentException e) {
                throw new EgraphException(where + e.getMessage());
            }
        }
        return ws;
    }

    private static boolean allOnes(double[] a) {
        for (double d : a) if (d != 1) return false;
        return true;
    }

    private static String numbers(double[] a) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < a.length; i++) s.append(i == 0 ? "" : ",").append(number(a[i]));
        return s.toString();
    }

    private static String ints(int[] a) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < a.length; i++) s.append(i == 0 ? "" : ",").append(a[i]);
        return s.toString();
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : String.format(Locale.ROOT, "%.6g", d);
    }

    public static ExecutionGraph read(Path file) throws EgraphException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(r, file.toString());
        } catch (NoSuchFileException e) {
            throw new EgraphException(file + ": no such graph file");
        } catch (IOException e) {
            throw new EgraphException(file + ": cannot read the graph file: " + e.getMessage());
        }
    }

    /** Parses graph-file text; {@code source} names it in errors (one line: file, line number, what). */
    public static ExecutionGraph parse(Reader text, String source) throws EgraphException, IOException {
        BufferedReader in = new BufferedReader(text);
        List<String> ids = new ArrayList<>();
        List<List<Vertex>> trees = new ArrayList<>();
        int entry = -1, version = -1, lineNo = 0;
        List<Vertex> tree = null;
        String line;
        while ((line = in.readLine()) != null) {
            lineNo++;
            String where = source + ":" + lineNo + ": ";
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] t = line.trim().split("\\s+");
            try {
                if (version < 0) {
                    if (!t[0].equals("egraph") || t.length != 2) throw new EgraphException(source + ": not an execution graph file (no 'egraph VERSION' line first)");
                    version = Integer.parseInt(t[1]);
                    if (version < 1 || version > VERSION) throw new EgraphException(where + "egraph version " + version + " is newer than this wholetrace reads (" + VERSION + ")");
                    continue;
                }
                switch (t[0]) {
                    case "entry" -> entry = Integer.parseInt(t[1]);
                    case "method" -> {
                        if (Integer.parseInt(t[1]) != ids.size()) throw new EgraphException(where + "methods must be numbered 0, 1, … in order");
                        ids.add(t[2]);
                        trees.add(null);
                    }
                    case "tree" -> {
                        int m = Integer.parseInt(t[1]);
                        if (m < 0 || m >= ids.size() || trees.get(m) != null) throw new EgraphException(where + "tree " + m + " names no method, or a method twice");
                        tree = new ArrayList<>();
                        trees.set(m, tree);
                    }
                    case "v" -> {
                        if (tree == null) throw new EgraphException(where + "a vertex before any tree line");
                        if (Integer.parseInt(t[1]) != tree.size()) throw new EgraphException(where + "vertices must be numbered 0, 1, … in order");
                        Vertex v = vertex(t, where);
                        if (v.action == Action.CALLBACK && version < 5) throw new EgraphException(where + "a callback in a version " + version + " file (callbacks came in version 5)");
                        if (v.ops[OpClass.JDK.ordinal()] != 0 && version < 6) throw new EgraphException(where + "a jdk instruction in a version " + version + " file (the class came in version 6)");
                        if (v.action == Action.CALLBACK && v.loopStay >= 0) throw new EgraphException(where + "a callback vertex cannot also control a loop (one trips for both)");
                        tree.add(v);
                    }
                    default -> throw new EgraphException(where + "unknown line '" + t[0] + "'");
                }
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new EgraphException(where + "malformed line: " + line.trim());
            }
        }
        if (version < 0) throw new EgraphException(source + ": empty, not an execution graph file");
        if (entry < 0 || entry >= ids.size()) throw new EgraphException(source + ": no entry line naming one of its methods");
        List<MethodGraph> methods = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            List<Vertex> vs = trees.get(i);
            if (vs == null || vs.isEmpty()) throw new EgraphException(source + ": method " + i + " has no tree");
            for (int k = 0; k < vs.size(); k++) {
                Vertex v = vs.get(k);
                for (int n : v.next) if (n < 0 || n >= vs.size()) throw new EgraphException(source + ": tree " + i + " vertex " + k + ": next " + n + " is not a vertex of the tree");
                for (int c : v.targets) if (c < 0 || c >= ids.size()) throw new EgraphException(source + ": tree " + i + " vertex " + k + ": calls " + c + " is not a method");
                if (v.loopStay >= v.next.length) throw new EgraphException(source + ": tree " + i + " vertex " + k + ": loop edge " + v.loopStay + " out of range");
            }
            methods.add(new MethodGraph(ids.get(i), vs));
        }
        return new ExecutionGraph(entry, methods);
    }

    private static Vertex vertex(String[] t, String where) throws EgraphException {
        Vertex v = new Vertex(0);
        double[] weights = null, callWeights = null;
        boolean endSet = false;
        for (int i = 2; i < t.length; i++) {
            int eq = t[i].indexOf('=');
            if (eq < 0) throw new EgraphException(where + "expected key=value, not " + t[i]);
            String k = t[i].substring(0, eq), val = t[i].substring(eq + 1);
            switch (k) {
                case "bci" -> v.bci = Integer.parseInt(val);
                case "end" -> {
                    v.end = Integer.parseInt(val);
                    endSet = true;
                }
                case "ops" -> {
                    for (String op : val.split(",")) {
                        int c = op.indexOf(':');
                        OpClass cls = c < 0 ? null : OpClass.byLabel(op.substring(0, c));
                        if (cls == null) throw new EgraphException(where + "unknown instruction class in " + op);
                        long n = Long.parseLong(op.substring(c + 1));
                        if (n < 0) throw new EgraphException(where + "negative instruction count in " + op);
                        v.ops[cls.ordinal()] = n;
                    }
                }
                case "chain" -> {
                    for (String op : val.split(",")) {
                        int c = op.indexOf(':');
                        OpClass cls = c < 0 ? null : OpClass.byLabel(op.substring(0, c));
                        if (cls == null) throw new EgraphException(where + "unknown instruction class in " + op);
                        double n = Double.parseDouble(op.substring(c + 1));
                        if (!(n >= 0) || Double.isInfinite(n)) throw new EgraphException(where + "a chain count must be a number ≥ 0, not " + op);
                        v.chain[cls.ordinal()] = n;
                    }
                }
                case "walks" -> v.walks = walks(val, where);
                case "act" -> {
                    v.action = Action.byLabel(val);
                    if (v.action == null) throw new EgraphException(where + "unknown action " + val);
                }
                case "key" -> v.key = val;
                case "calls" -> v.setTargets(ints(val));
                case "cw" -> callWeights = weights(val, where);
                case "next" -> v.setNext(ints(val));
                case "w" -> weights = weights(val, where);
                case "loop" -> v.loopStay = Integer.parseInt(val);
                case "trips" -> {
                    v.trips = Double.parseDouble(val);
                    if (!(v.trips >= 0) || Double.isInfinite(v.trips)) throw new EgraphException(where + "trips must be a number ≥ 0, not " + val);
                }
                default -> throw new EgraphException(where + "unknown vertex field " + k);
            }
        }
        if (!endSet) v.end = v.bci;
        if (callWeights != null) {
            if (callWeights.length != v.targets.length) throw new EgraphException(where + "cw has " + callWeights.length + " weights for " + v.targets.length + " call targets");
            v.targetWeights = callWeights;
        }
        if (weights != null) {
            if (weights.length != v.next.length) throw new EgraphException(where + "w has " + weights.length + " weights for " + v.next.length + " successors");
            v.weights = weights;
        }
        return v;
    }

    private static double[] weights(String val, String where) throws EgraphException {
        String[] ws = val.split(",");
        double[] weights = new double[ws.length];
        for (int w = 0; w < ws.length; w++) {
            weights[w] = Double.parseDouble(ws[w]);
            if (!(weights[w] >= 0) || Double.isInfinite(weights[w])) throw new EgraphException(where + "a weight must be a number ≥ 0, not " + ws[w]);
        }
        return weights;
    }

    private static int[] ints(String s) {
        String[] p = s.split(",");
        int[] a = new int[p.length];
        for (int i = 0; i < p.length; i++) a[i] = Integer.parseInt(p[i]);
        return a;
    }
}
