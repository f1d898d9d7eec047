package dev.wholetrace.simulate.tx;

import dev.wholetrace.simulate.machine.MachineModel;
import java.util.Map;

/** Machine descriptions for the tx tests: every instruction one cycle, no memory or lock latency. */
final class Machines {
    private Machines() {}

    static MachineModel unitCosts(int processors, MachineModel.Scheduling scheduling, long sliceCycles, long seed) {
        return new MachineModel("m", processors, 1e9, scheduling, sliceCycles, 0, seed, Map.of(MachineModel.DEFAULT_CLASS, 1L), Map.of());
    }

    /** Two processors, random scheduling with one-cycle time slices: another interleaving for each seed. */
    static MachineModel random(long seed) {
        return unitCosts(2, MachineModel.Scheduling.RANDOM, 1, seed);
    }
}
