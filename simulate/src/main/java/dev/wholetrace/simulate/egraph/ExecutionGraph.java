package dev.wholetrace.simulate.egraph;

import java.util.ArrayList;
import java.util.List;

/**
 * A program's execution graph: a forest of method graphs (§4) linked by CALL vertices, the entry
 * method (the main thread's body) and the other thread bodies, which the main thread's
 * communication vertices (THREAD_START, SUBMIT) start. Written and read as docs/egraph.md.
 *
 * @param entry index of the entry method
 * @param methods the method graphs; vertices refer to methods by index
 */
public record ExecutionGraph(int entry, List<MethodGraph> methods) {
    /** Index of the method with {@code id}, or -1. */
    public int indexOf(String id) {
        for (int i = 0; i < methods.size(); i++) if (methods.get(i).id().equals(id)) return i;
        return -1;
    }

    /** Vertices in all methods. */
    public int vertexCount() {
        int n = 0;
        for (MethodGraph m : methods) n += m.vertices().size();
        return n;
    }

    /** Edges in all methods (call edges not counted). */
    public int edgeCount() {
        int n = 0;
        for (MethodGraph m : methods) for (Vertex v : m.vertices()) n += v.next.length;
        return n;
    }

    /** A deep copy (the optimizer and the profile change vertices in place). */
    public ExecutionGraph copy() {
        List<MethodGraph> c = new ArrayList<>();
        for (MethodGraph m : methods) c.add(m.copy());
        return new ExecutionGraph(entry, c);
    }
}
