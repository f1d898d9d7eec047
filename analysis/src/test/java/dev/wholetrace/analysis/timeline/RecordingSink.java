package dev.wholetrace.analysis.timeline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps what a {@link Timeline} hands over and checks the sink contract on the way: time never
 * goes back, slices nest per thread with no two boundaries at one time, every flow starts once and
 * ends once, after its start.
 */
final class RecordingSink implements TimelineSink {
    record Drawn(int thread, long begin, long end, String name, Slice.Category category, Map<String, Object> args,
                 List<Long> starts, List<Long> steps, List<Long> ends, int depth) {}

    TimelineInfo info;
    TimelineSummary summary;
    final List<Drawn> slices = new ArrayList<>();
    final List<String> counters = new ArrayList<>();
    private final Map<Integer, Deque<Object[]>> open = new HashMap<>();
    private final Map<Integer, Long> lastBoundary = new HashMap<>();
    private final Map<Long, Long> flowStart = new HashMap<>();
    private final Map<Long, Long> flowEnd = new HashMap<>();
    private long now = Long.MIN_VALUE;

    private void at(int thread, long ns, boolean boundary) {
        if (ns < now) throw new AssertionError("time went back to " + ns + " after " + now);
        now = ns;
        if (!boundary) return;
        Long last = lastBoundary.get(thread);
        if (last != null && last >= ns) throw new AssertionError("thread " + thread + ": two boundaries at " + ns);
        lastBoundary.put(thread, ns);
    }

    @Override
    public void start(TimelineInfo info) {
        if (this.info != null) throw new AssertionError("started twice");
        this.info = info;
    }

    @Override
    public void begin(int thread, long ns, Slice s) {
        at(thread, ns, true);
        Map<String, Object> args = new HashMap<>();
        for (int k = 0; k < s.argCount(); k++) args.put(s.argName(k), s.argValue(k));
        List<Long> starts = new ArrayList<>(), steps = new ArrayList<>(), ends = new ArrayList<>();
        for (int k = 0; k < s.flowStarts(); k++) {
            starts.add(s.flowStart(k));
            if (flowStart.put(s.flowStart(k), ns) != null) throw new AssertionError("flow " + s.flowStart(k) + " started twice");
        }
        for (int k = 0; k < s.flowSteps(); k++) {
            steps.add(s.flowStep(k));
            if (!flowStart.containsKey(s.flowStep(k))) throw new AssertionError("flow " + s.flowStep(k) + " steps before it starts");
        }
        for (int k = 0; k < s.flowEnds(); k++) {
            ends.add(s.flowEnd(k));
            Long from = flowStart.get(s.flowEnd(k));
            if (from == null || from >= ns) throw new AssertionError("flow " + s.flowEnd(k) + " ends before it starts");
            if (flowEnd.put(s.flowEnd(k), ns) != null) throw new AssertionError("flow " + s.flowEnd(k) + " ended twice");
        }
        Deque<Object[]> stack = open.computeIfAbsent(thread, t -> new ArrayDeque<>());
        stack.push(new Object[] {ns, s.name(), s.category(), args, starts, steps, ends, stack.size()});
    }

    @Override
    @SuppressWarnings("unchecked")
    public void end(int thread, long ns) {
        at(thread, ns, true);
        Deque<Object[]> stack = open.get(thread);
        if (stack == null || stack.isEmpty()) throw new AssertionError("thread " + thread + ": end without an open slice at " + ns);
        Object[] b = stack.pop();
        slices.add(new Drawn(thread, (Long) b[0], ns, (String) b[1], (Slice.Category) b[2], (Map<String, Object>) b[3],
                (List<Long>) b[4], (List<Long>) b[5], (List<Long>) b[6], (Integer) b[7]));
    }

    @Override
    public void counter(int thread, long ns, double value) {
        at(thread, ns, false);
        counters.add(thread + "@" + ns + "=" + value);
    }

    @Override
    public void finish(TimelineSummary summary) {
        for (Map.Entry<Integer, Deque<Object[]>> e : open.entrySet()) {
            if (!e.getValue().isEmpty()) throw new AssertionError("thread " + e.getKey() + " left " + e.getValue().size() + " slices open");
        }
        if (!flowStart.keySet().equals(flowEnd.keySet())) throw new AssertionError("flows started " + flowStart.keySet() + " ended " + flowEnd.keySet());
        this.summary = summary;
    }

    List<Drawn> named(String name) {
        return slices.stream().filter(d -> d.name().equals(name)).toList();
    }

    List<Drawn> of(Slice.Category c) {
        return slices.stream().filter(d -> d.category() == c).toList();
    }
}
