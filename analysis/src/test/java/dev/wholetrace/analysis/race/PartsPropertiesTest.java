package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.analysis.hb.Script;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Checking a trace in parts ({@link GlobalCuts}) finds what checking it at once does, on random
 * multithreaded traces: workers that access a few shared cells and counters, some under locks,
 * meet at barriers now and then, start late or stop early, and a main thread whose accesses lie
 * before and after its one long segment. Tiny parts (a few accesses) make the cuts come often, so
 * rows are carried across many of them. The findings, their counts and lower-bound marks, and
 * every instance of {@code --all-instances} must be those of one part, and the counts those of the
 * naive replay.
 */
class PartsPropertiesTest {
    /** Instructions shared by every worker (the same code in each thread), and the main thread's own. */
    static final int R_CELL = 1, W_CELL = 2, R_LOCKED = 3, W_LOCKED = 4, W_MAIN = 5, R_MAIN = 6;
    static final int S_LOCK = 10, S_BARRIER = 11;
    static final long BARRIER = 0x55;

    @Property(tries = 60)
    void partsFindWhatOnePartFinds(@ForAll long seed, @ForAll @IntRange(min = 2, max = 4) int workers,
                                   @ForAll @IntRange(min = 60, max = 160) int rounds) throws Exception {
        Path dir = Files.createTempDirectory("parts");
        try {
            ParallelTrace trace = trace(dir.resolve("t.wtrace"), new Random(seed), workers, rounds);
            RaceDetector.Result whole = RaceDetector.detect(trace, true, RaceProgress.NONE, Long.MAX_VALUE);
            RaceDetector.Result parts = RaceDetector.detect(trace, true, RaceProgress.NONE, 4);
            Statistics.collect(parts.stats().parts() > 2); // so that the property cannot pass by never cutting
            Statistics.coverage(c -> c.check(true).percentage(p -> p >= 50));
            assertThat(whole.stats().parts()).isEqualTo(1);
            assertThat(parts.stats().accesses()).isEqualTo(whole.stats().accesses());
            assertThat(findings(parts)).isEqualTo(findings(whole));
            Map<ReferenceRaceDetector.InstructionPair, Long> counts = new HashMap<>();
            for (Race r : parts.races()) counts.put(ReferenceRaceDetector.InstructionPair.of(r.a(), r.b()), r.count());
            assertThat(counts).isEqualTo(ReferenceRaceDetector.detect(trace).counts());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) Files.delete(p);
            }
            Files.delete(dir);
        }
    }

    /** Each finding as its instruction pair, count, lower-bound mark and set of instances. */
    private static Map<List<Integer>, Object> findings(RaceDetector.Result r) {
        Map<List<Integer>, Object> out = new HashMap<>();
        for (Race race : r.races()) {
            out.put(List.of(race.a(), race.b()), List.of(race.count(), race.countIsLowerBound(), new HashSet<>(race.instances())));
        }
        return out;
    }

    /**
     * {@code rounds} rounds; in each, every worker that has started and not stopped does one random
     * step (an unlocked access of a cell, a locked section on a counter, or nothing), in a random
     * order, and now and then all of them meet at a barrier. The main thread writes and reads its
     * own cell and a shared one before the first round and after the last.
     */
    private static ParallelTrace trace(Path file, Random random, int workers, int rounds) throws Exception {
        long mainCell = Addresses.of(3, 0);
        try (Script s = new Script(file, workers)) {
            s.on(0, r -> {
                r.store(W_MAIN, mainCell);
                r.store(W_MAIN, cell(0));
            });
            int[] start = new int[workers + 1], stop = new int[workers + 1];
            for (int w = 1; w <= workers; w++) {
                start[w] = random.nextInt(4) == 0 ? random.nextInt(rounds) : 0;
                stop[w] = random.nextInt(4) == 0 ? start[w] + random.nextInt(rounds - start[w]) + 1 : rounds;
            }
            long episode = 0;
            for (int round = 0; round < rounds; round++) {
                List<Integer> order = new ArrayList<>();
                for (int w = 1; w <= workers; w++) order.add(w);
                java.util.Collections.shuffle(order, random);
                for (int w : order) {
                    if (round < start[w] || round >= stop[w]) continue;
                    int step = random.nextInt(6), c = random.nextInt(5), lock = random.nextInt(2);
                    s.on(w, r -> {
                        switch (step) {
                            case 0 -> r.load(R_CELL, cell(c));
                            case 1 -> r.store(W_CELL, cell(c));
                            case 2, 3, 4 -> {
                                r.lock(S_LOCK, 1000 + lock);
                                r.load(R_LOCKED, counter(lock));
                                r.store(W_LOCKED, counter(lock));
                                if (step == 4) r.store(W_CELL, cell(c));
                                r.unlock(S_LOCK, 1000 + lock);
                            }
                            default -> { }
                        }
                    });
                }
                if (random.nextInt(8) == 0) { // the workers still running meet
                    long e = episode++;
                    for (int w = 1; w <= workers; w++) {
                        if (round >= start[w] && round < stop[w]) s.on(w, r -> r.barrier(S_BARRIER, BARRIER, e));
                    }
                }
            }
            s.on(0, r -> {
                r.load(R_MAIN, mainCell);
                r.load(R_MAIN, cell(1));
            });
            return s.finish();
        }
    }

    private static long cell(int c) {
        return Addresses.of(7, 8L * c);
    }

    private static long counter(int lock) {
        return Addresses.of(9, 8L * lock);
    }
}
