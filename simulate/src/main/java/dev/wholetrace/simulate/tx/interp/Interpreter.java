package dev.wholetrace.simulate.tx.interp;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Instr;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Runs a lowered program on a simulated sequentially consistent multiprocessor described by a
 * {@link MachineModel}: each thread has a clock; the running thread with the earliest clock executes
 * its next instruction (so the trace is in time order), paying {@link TxCosts}. At most
 * {@code processors} threads run; the others wait in a queue (fifo: until a runner blocks or ends;
 * round-robin: also at time-slice ends; random: the next runner drawn with the seed, ties between
 * equal clocks too). A thread whose lock is held blocks until an unlock, then competes again.
 */
public final class Interpreter {
    private final Code code;
    private final MachineModel model;
    private final TxCosts costs;
    private final long maxInstructions;

    /** An interpreter of {@code code} on {@code model}, stopping with an error after {@code maxInstructions}. */
    public Interpreter(Code code, MachineModel model, long maxInstructions) {
        this.code = code;
        this.model = model;
        this.costs = new TxCosts(model);
        this.maxInstructions = maxInstructions;
    }

    /** What a run produced. */
    public record Result(Trace trace, List<Long> output, long cycles) {}

    /** Runs with {@code input} as the data set read by {@code read}. */
    public Result run(long[] input) throws TxException {
        Machine m = new Machine(code, input);
        SplittableRandom rnd = new SplittableRandom(model.seed());
        boolean slices = model.scheduling() != MachineModel.Scheduling.FIFO;
        boolean random = model.scheduling() == MachineModel.Scheduling.RANDOM;
        long[] clock = new long[4], sliceStart = new long[4];
        List<Integer> running = new ArrayList<>();
        ArrayDeque<Integer> ready = new ArrayDeque<>();
        Map<Integer, ArrayDeque<Integer>> lockWaiters = new HashMap<>();
        List<Integer> joinWaiters = new ArrayList<>();
        running.add(0);
        while (!m.mainDone()) {
            if (m.executed >= maxInstructions) {
                throw new TxException("the program did not halt within " + maxInstructions + " instructions (A1 assumes every program halts; raise --max-instructions)");
            }
            if (running.isEmpty()) throw new TxException("deadlock: " + describeBlocked(m));
            int pick = 0;
            long best = Long.MAX_VALUE;
            int ties = 0;
            for (int i = 0; i < running.size(); i++) {
                long c = clock[running.get(i)];
                if (c < best) { best = c; pick = i; ties = 1; }
                else if (c == best) {
                    ties++;
                    if (random ? rnd.nextInt(ties) == 0 : running.get(i) < running.get(pick)) pick = i;
                }
            }
            int t = running.get(pick);
            Instr in = m.next(t);
            if (!m.enabled(t)) {
                running.remove(pick);
                if (in.op == Instr.LOCK) lockWaiters.computeIfAbsent((int) in.a, k -> new ArrayDeque<>()).add(t);
                else joinWaiters.add(t);
                dispatch(running, ready, clock, sliceStart, clock[t], random, rnd);
                continue;
            }
            long cost = costs.cost(in, running.size());
            int[] created = m.exec(t, clock[t]);
            clock[t] += cost;
            if (created != null) {
                for (int c : created) {
                    if (c >= clock.length) {
                        clock = java.util.Arrays.copyOf(clock, Math.max(c + 1, clock.length * 2));
                        sliceStart = java.util.Arrays.copyOf(sliceStart, clock.length);
                    }
                    clock[c] = clock[t] + costs.create;
                    if (running.size() < model.processors()) {
                        running.add(c);
                        sliceStart[c] = clock[c];
                    } else ready.add(c);
                }
            }
            if (in.op == Instr.UNLOCK) {
                ArrayDeque<Integer> w = lockWaiters.get((int) in.a);
                if (w != null && !w.isEmpty()) wake(w.poll(), clock[t], running, ready, clock, sliceStart);
            }
            if (in.op == Instr.ENDT) {
                running.remove(Integer.valueOf(t));
                for (int i = 0; i < joinWaiters.size(); i++) {
                    int p = joinWaiters.get(i);
                    if (m.enabled(p)) {
                        joinWaiters.remove(i--);
                        wake(p, clock[t], running, ready, clock, sliceStart);
                    }
                }
                dispatch(running, ready, clock, sliceStart, clock[t], random, rnd);
                if (t == 0) m.trace.endTime(clock[t]);
                continue;
            }
            if (slices && !ready.isEmpty() && clock[t] - sliceStart[t] >= model.timeSliceCycles()) {
                running.remove(Integer.valueOf(t));
                ready.add(t);
                dispatch(running, ready, clock, sliceStart, clock[t], random, rnd);
            }
        }
        return new Result(m.trace, m.output, m.trace.endTime());
    }

    private void wake(int w, long now, List<Integer> running, ArrayDeque<Integer> ready, long[] clock, long[] sliceStart) {
        clock[w] = Math.max(clock[w], now);
        if (running.size() < model.processors()) {
            running.add(w);
            sliceStart[w] = clock[w];
        } else ready.add(w);
    }

    private void dispatch(List<Integer> running, ArrayDeque<Integer> ready, long[] clock, long[] sliceStart, long now, boolean random,
            SplittableRandom rnd) {
        while (running.size() < model.processors() && !ready.isEmpty()) {
            int next;
            if (random && ready.size() > 1) {
                int k = rnd.nextInt(ready.size());
                List<Integer> l = new ArrayList<>(ready);
                next = l.remove(k);
                ready.clear();
                ready.addAll(l);
            } else next = ready.poll();
            clock[next] = Math.max(clock[next], now);
            sliceStart[next] = clock[next];
            running.add(next);
        }
    }

    private String describeBlocked(Machine m) {
        StringBuilder b = new StringBuilder();
        for (int t = 0; t < m.threads; t++) {
            if (m.state[t] == Machine.DONE) continue;
            var s = code.program().statements().get(m.next(t).stmt);
            if (b.length() > 0) b.append(", ");
            b.append("thread ").append(t).append(" at ").append(s.name()).append(" (line ").append(s.line()).append(')');
        }
        return b.toString();
    }
}
