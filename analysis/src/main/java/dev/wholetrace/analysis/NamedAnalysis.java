package dev.wholetrace.analysis;

/** A {@link TraceAnalysis} whose name and description are given once, at construction. */
public abstract class NamedAnalysis<R> implements TraceAnalysis<R> {
    private final String name;
    private final String description;

    protected NamedAnalysis(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public String toString() {
        return name;
    }
}
