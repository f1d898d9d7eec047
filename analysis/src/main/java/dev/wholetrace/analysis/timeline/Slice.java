package dev.wholetrace.analysis.timeline;

import java.util.ArrayList;
import java.util.List;

/**
 * One slice as a {@link TimelineSink} receives it: name, category, arguments (shown when the slice
 * is selected) and the flows that start, pass through or end at it. A flow id stands for one
 * happens-before hand-over (started at the release, ended at the acquire) or one barrier episode
 * (started at its first pass, stepping through the others, ended at its last). Mutable and reused.
 */
public final class Slice {
    /** What a slice stands for; its name in the file is the category's {@link #label}. */
    public enum Category {
        SEGMENT("segment"), SYNC("sync"), HOLD("hold"), AGGREGATE("aggregate");

        public final String label;

        Category(String label) {
            this.label = label;
        }
    }

    private String name;
    private Category category;
    private final List<String> argNames = new ArrayList<>();
    private final List<Object> argValues = new ArrayList<>();
    private long[] starts = new long[4];
    private int startCount;
    private long[] steps = new long[1];
    private int stepCount;
    private long[] ends = new long[4];
    private int endCount;

    Slice reset(String name, Category category) {
        this.name = name;
        this.category = category;
        argNames.clear();
        argValues.clear();
        startCount = stepCount = endCount = 0;
        return this;
    }

    Slice arg(String key, long value) {
        argNames.add(key);
        argValues.add(value);
        return this;
    }

    Slice arg(String key, String value) {
        argNames.add(key);
        argValues.add(value);
        return this;
    }

    void start(long flow) {
        if (startCount == starts.length) starts = java.util.Arrays.copyOf(starts, startCount * 2);
        starts[startCount++] = flow;
    }

    void step(long flow) {
        if (stepCount == steps.length) steps = java.util.Arrays.copyOf(steps, stepCount * 2);
        steps[stepCount++] = flow;
    }

    void end(long flow) {
        if (endCount == ends.length) ends = java.util.Arrays.copyOf(ends, endCount * 2);
        ends[endCount++] = flow;
    }

    public String name() {
        return name;
    }

    public Category category() {
        return category;
    }

    public int argCount() {
        return argNames.size();
    }

    public String argName(int k) {
        return argNames.get(k);
    }

    /** A Long or a String. */
    public Object argValue(int k) {
        return argValues.get(k);
    }

    /** Flows that begin at this slice. */
    public int flowStarts() {
        return startCount;
    }

    public long flowStart(int k) {
        return starts[k];
    }

    /** Flows that pass through this slice and go on (a barrier episode's middle passes). */
    public int flowSteps() {
        return stepCount;
    }

    public long flowStep(int k) {
        return steps[k];
    }

    /** Flows that end at this slice. */
    public int flowEnds() {
        return endCount;
    }

    public long flowEnd(int k) {
        return ends[k];
    }
}
