package dev.wholetrace.simulate.tx.lang;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A parsed thesis-language program: the main thread's declarations and statements (tasks nest inside
 * their {@link Stmt.TaskCreate}), and every statement in source order, indexed by {@link Stmt#id()}.
 *
 * @param name the file name, shown in outputs
 * @param decls the main thread's declarations: shared variables and the main thread's locals (which
 *     each task receives a copy of at task_create)
 * @param body the main thread's statements, from {@code begin} to {@code end}
 * @param statements every statement, by id
 * @param intermediate whether the program uses the intermediate form's goto or test-and-set (then the
 *     static analyses, which need structure (A2), refuse it)
 * @param functions the names of the defined functions (§8.6; every other definition is a procedure)
 */
public record Program(String name, List<Decl> decls, List<Stmt> body, List<Stmt> statements, boolean intermediate, java.util.Set<String> functions) {
    public Program {
        decls = List.copyOf(decls);
        body = List.copyOf(body);
        statements = Collections.unmodifiableList(statements);
        functions = java.util.Set.copyOf(functions);
    }

    /** "function" or "procedure": what {@code name} (a name {@link Stmt#procedure()} gives) is defined as. */
    public String kind(String name) {
        return functions.contains(name) ? "function" : "procedure";
    }

    /** The statement named {@code name} (its label), or null. */
    public Stmt statement(String name) {
        for (Stmt s : statements) if (s.name().equals(name)) return s;
        return null;
    }

    /**
     * The name of every statement for reports, by id, in one pass: its name, and where another thread body uses the
     * same label (Figure 11's tasks both have A to G) also its thread, as the thesis's subscripts do
     * ("B0" is task 0's B): {@code B (task 0)}, {@code x (main)}; a task created inside a task is
     * named by its path, {@code B (task 1.0)}.
     */
    public String[] displayNames() {
        java.util.Map<String, Integer> uses = new java.util.HashMap<>();
        for (Stmt s : statements) uses.merge(s.name(), 1, Integer::sum);
        java.util.Map<Integer, String> unitNames = new java.util.HashMap<>();
        unitNames.put(0, "main");
        nameTasks(body, "", unitNames);
        String[] names = new String[statements.size()];
        for (Stmt s : statements) {
            names[s.id()] = uses.get(s.name()) > 1 ? s.name() + " (" + unitNames.getOrDefault(s.unit(), "thread body " + s.unit()) + ")" : s.name();
        }
        return names;
    }

    /** Names each task's thread body by its path of task numbers: "task 1", "task 1.0" for a task task 1 creates. */
    private static void nameTasks(List<Stmt> block, String prefix, java.util.Map<Integer, String> out) {
        for (Stmt s : block) {
            if (s instanceof Stmt.TaskCreate tc) {
                for (Stmt.Task k : tc.tasks) {
                    if (k.body().isEmpty()) continue;
                    String path = prefix + k.number();
                    out.put(k.body().get(0).unit(), "task " + path);
                    nameTasks(k.body(), path + ".", out);
                }
            } else if (s instanceof Stmt.If f) {
                nameTasks(f.then, prefix, out);
                nameTasks(f.otherwise, prefix, out);
            } else if (s instanceof Stmt.For f) nameTasks(f.body, prefix, out);
        }
    }

    /** Statement names by id, for printing traces. */
    public String[] names() {
        String[] n = new String[statements.size()];
        for (Stmt s : statements) n[s.id()] = s.name();
        return n;
    }

    /** Declarations of the shared variables by name. */
    public Map<String, Decl> shared() {
        java.util.LinkedHashMap<String, Decl> m = new java.util.LinkedHashMap<>();
        for (Decl d : decls) if (d.shared()) m.put(d.name(), d);
        return m;
    }
}
