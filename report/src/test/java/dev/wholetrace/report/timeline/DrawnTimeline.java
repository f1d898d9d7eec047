package dev.wholetrace.report.timeline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A timeline file read back, the same for both formats: thread names, slices (checked to nest on
 * their thread as they are read), flows, counters and the file's metadata.
 */
final class DrawnTimeline {
    /** A flow's part at a slice: s (start), t (step) or f (end). */
    record FlowPoint(long id, char phase) {}

    static final class Drawn {
        final int thread;
        final long begin;
        long end = -1;
        final String name;
        final String category;
        final Map<String, Object> args;
        final List<FlowPoint> flows = new ArrayList<>();

        Drawn(int thread, long begin, String name, String category, Map<String, Object> args) {
            this.thread = thread;
            this.begin = begin;
            this.name = name;
            this.category = category;
            this.args = args;
        }

        long arg(String key) {
            return ((Number) args.get(key)).longValue();
        }

        @Override
        public String toString() {
            return "T" + thread + " " + name + " [" + begin + ", " + end + "] " + args + " " + flows;
        }
    }

    final Map<Integer, String> threadNames = new LinkedHashMap<>();
    final List<Drawn> slices = new ArrayList<>();
    final Map<String, Object> metadata = new HashMap<>();
    int counters;
    private final Map<Integer, Deque<Drawn>> open = new HashMap<>();
    private final Map<Integer, Long> lastBoundary = new HashMap<>();

    Drawn begin(int thread, long ns, String name, String category, Map<String, Object> args) {
        boundary(thread, ns);
        Drawn d = new Drawn(thread, ns, name, category, args);
        open.computeIfAbsent(thread, t -> new ArrayDeque<>()).push(d);
        slices.add(d);
        return d;
    }

    void end(int thread, long ns) {
        boundary(thread, ns);
        Deque<Drawn> stack = open.get(thread);
        if (stack == null || stack.isEmpty()) throw new AssertionError("T" + thread + ": an end at " + ns + " closes no slice");
        stack.pop().end = ns;
    }

    private void boundary(int thread, long ns) {
        Long last = lastBoundary.put(thread, ns);
        if (last != null && last >= ns) throw new AssertionError("T" + thread + ": a boundary at " + ns + " after one at " + last);
    }

    /** Every slice closed; returns this. */
    DrawnTimeline closed() {
        open.forEach((t, s) -> {
            if (!s.isEmpty()) throw new AssertionError("T" + t + " leaves " + s.size() + " slices open: " + s);
        });
        return this;
    }

    List<Drawn> category(String c) {
        return slices.stream().filter(d -> d.category.equals(c)).toList();
    }
}
