package dev.wholetrace.simulate.des;

import dev.wholetrace.simulate.egraph.ExecutionGraph;
import dev.wholetrace.simulate.egraph.MethodGraph;
import dev.wholetrace.simulate.egraph.Vertex;
import dev.wholetrace.simulate.machine.MachineModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Does a profiled simulation run the code as often as the recording did? One run of the graph (with
 * the profile applied) against the profile's block counts: each vertex's entries, summed over the
 * simulated threads, against the count of the recorded block holding its first instruction, summed
 * over the recorded threads (a vertex that starts inside a block, after a call, runs as often as the
 * block). Loops with whole trip counts and threads that do equal work match exactly; decisions drawn
 * from weights match in expectation. Time per vertex is only worth checking once counts agree.
 */
public final class ProfileCheck {
    /**
     * One vertex's counts.
     *
     * @param method the method id
     * @param bci the vertex's first bytecode index
     * @param recorded times the recording ran its block
     * @param simulated times the simulation entered it
     */
    public record Row(String method, int bci, long recorded, long simulated) {
        /** |simulated − recorded|. */
        public long difference() {
            return Math.abs(simulated - recorded);
        }

        /** |simulated − recorded| / max(recorded, 1). */
        public double relativeError() {
            return difference() / (double) Math.max(recorded, 1);
        }
    }

    /**
     * The comparison's outcome.
     *
     * @param compared vertices with a bytecode index (a synchronized method's entry and exit have none)
     * @param equal vertices whose counts are equal
     * @param recordedTotal recorded count summed over the compared vertices
     * @param simulatedTotal simulated count summed over them
     * @param worst the vertices with the largest difference, largest first (at most 10; {@link #largest})
     * @param truncated the run hit the step limit (its counts are a prefix)
     */
    public record Result(int compared, int equal, long recordedTotal, long simulatedTotal, List<Row> worst, boolean truncated) {}

    private ProfileCheck() {}

    /** Simulates {@code graph} (the profile already applied) once on {@code machine} and compares. */
    public static Result run(ExecutionGraph graph, Profile profile, MachineModel machine, long maxSteps) {
        Simulator sim = new Simulator(graph, machine, maxSteps);
        SimResult r = sim.run();
        List<Row> rows = new ArrayList<>();
        int compared = 0, equal = 0;
        long rec = 0, simulated = 0;
        for (int m = 0; m < graph.methods().size(); m++) {
            MethodGraph mg = graph.methods().get(m);
            for (int v = 0; v < mg.vertices().size(); v++) {
                Vertex x = mg.vertices().get(v);
                if (x.bci < 0) continue;
                long want = profile.count(mg.id(), x.bci), got = sim.entered(m, v);
                compared++;
                rec += want;
                simulated += got;
                if (want == got) equal++;
                else rows.add(new Row(mg.id(), x.bci, want, got));
            }
        }
        return new Result(compared, equal, rec, simulated, largest(rows, 10), r.truncated());
    }

    /**
     * The {@code n} rows with the largest difference in entries, largest first (ties: the larger
     * relative error). By difference, not relative error: what a miss costs in time is its entries,
     * and sorted by relative error a cold vertex run twice for once recorded (100 %) came before the
     * {@code FastMath$Split.<init>} entries Math3Driver's simulation missed by 40 000 (83 %).
     */
    static List<Row> largest(List<Row> rows, int n) {
        List<Row> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingLong(Row::difference).thenComparingDouble(Row::relativeError).reversed());
        return List.copyOf(sorted.subList(0, Math.min(n, sorted.size())));
    }
}
