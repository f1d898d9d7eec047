package dev.wholetrace.simulate.tx.interp;

import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Enumerates the executions of a program under sequential consistency, up to a bound: every
 * interleaving of the instructions that touch shared state (shared memory, locks, task control,
 * output). Instructions that touch only a thread's own frame (and reads: each thread reads the data
 * set from its own position) commute with everything, so they run
 * without branching (a sound partial-order reduction for this model). The result keeps one execution
 * per distinct pattern (per-thread event sequences, §2.1).
 */
public final class Explorer {
    private final Code code;
    private final int maxExecutions;
    private final long maxSteps;

    /** An explorer stopping after {@code maxExecutions} complete executions, each at most {@code maxSteps} instructions. */
    public Explorer(Code code, int maxExecutions, long maxSteps) {
        this.code = code;
        this.maxExecutions = maxExecutions;
        this.maxSteps = maxSteps;
    }

    /**
     * What the exploration found.
     *
     * @param executions complete executions explored (each a distinct interleaving of shared operations)
     * @param complete whether every interleaving was explored (false: the bound stopped it)
     * @param patterns one execution per distinct pattern, by pattern key, in discovery order
     * @param deadlocks executions that ended with every live thread blocked
     */
    public record Result(int executions, boolean complete, Map<String, Trace> patterns, int deadlocks) {
        public List<Trace> traces() { return List.copyOf(patterns.values()); }
    }

    public Result explore(long[] input) throws TxException {
        Map<String, Trace> patterns = new LinkedHashMap<>();
        ArrayDeque<Machine> stack = new ArrayDeque<>();
        stack.push(new Machine(code, input));
        int executions = 0, deadlocks = 0;
        boolean complete = true;
        while (!stack.isEmpty()) {
            if (executions >= maxExecutions) { complete = false; break; }
            Machine m = stack.pop();
            while (true) {
                if (m.mainDone()) {
                    executions++;
                    patterns.putIfAbsent(m.trace.patternKey(), m.trace);
                    break;
                }
                if (m.executed > maxSteps) {
                    throw new TxException("an execution did not halt within " + maxSteps + " instructions (A1 assumes every program halts)");
                }
                int local = -1, enabledCount = 0;
                for (int t = 0; t < m.threads; t++) {
                    if (!m.enabled(t)) continue;
                    enabledCount++;
                    if (!m.next(t).global()) { local = t; break; }
                }
                if (local >= 0) {
                    m.exec(local, 0);
                    continue;
                }
                if (enabledCount == 0) {
                    deadlocks++;
                    executions++;
                    break;
                }
                int last = -1;
                for (int t = 0; t < m.threads; t++) {
                    if (!m.enabled(t)) continue;
                    if (last >= 0) {
                        Machine c = m.copy();
                        c.exec(last, 0);
                        stack.push(c);
                    }
                    last = t;
                }
                m.exec(last, 0);
            }
        }
        return new Result(executions, complete && stack.isEmpty(), patterns, deadlocks);
    }
}
