package dev.wholetrace.simulate.machine;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The machine file: a {@link MachineModel} as Java properties text, versioned by {@code
 * machine.format} (docs/machine-model.md). Reading rejects what it does not know (a misspelt key
 * would otherwise silently cost nothing) with a one-line {@link MachineFileException}.
 *
 * <pre>
 * machine.format=3
 * name=laptop-1core
 * processors=1
 * clock.hz=2.4e9
 * scheduling=round-robin
 * timeslice.cycles=2400000
 * memory.contention=0.05
 * seed=1
 * cycles.default=1
 * cycles.invoke=12
 * cost.lock.acquire=40
 * cache.l1.bytes=49152
 * wake.remote.idle.0.cost=116000
 * wake.remote.idle.0.latency=1200000
 * wake.remote.idle.400000.cost=1067000
 * wake.remote.idle.400000.latency=2550000
 * </pre>
 */
public final class MachineFile {
    /** The version this code writes; it reads every version up to it. */
    public static final int VERSION = 4;

    private static final String CYCLES = "cycles.", COST = "cost.", CACHE = "cache.", BYTES = ".bytes";
    /** Version 3: a row of the {@link WakeTable}, {@code wake.remote.idle.IDLE.cost} and {@code .latency} (cycles). */
    private static final String WAKE = "wake.remote.idle.", WAKE_COST = ".cost", WAKE_LATENCY = ".latency";
    /** Version 4: the JIT term ({@link JitCosts#keys()}, all or none). */
    private static final String JIT = "jit.";

    private MachineFile() {}

    /** Reads a machine file. */
    public static MachineModel read(Path file) throws MachineFileException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(r, file.toString());
        } catch (NoSuchFileException e) {
            throw new MachineFileException(file + ": no such machine file");
        } catch (IOException e) {
            throw new MachineFileException(file + ": cannot read the machine file: " + e.getMessage());
        }
    }

    /** Parses machine-file text; {@code source} names it in errors. */
    public static MachineModel parse(Reader text, String source) throws MachineFileException, IOException {
        Properties p = new Properties();
        try {
            p.load(text);
        } catch (IllegalArgumentException e) {
            throw new MachineFileException(source + ": not a properties file: " + e.getMessage());
        }
        String version = p.getProperty("machine.format");
        if (version == null) throw new MachineFileException(source + ": not a machine file (no machine.format line)");
        long v = integer(p, "machine.format", source);
        if (v < 1 || v > VERSION) throw new MachineFileException(source + ": machine.format " + version + " is newer than this wholetrace reads (" + VERSION + ")");
        Map<String, Long> cycles = new TreeMap<>(), costs = new TreeMap<>(), caches = new TreeMap<>();
        TreeMap<Long, long[]> wake = new TreeMap<>(); // idle → {cost, latency}, -1 until read
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(CYCLES)) cycles.put(key.substring(CYCLES.length()), cycleCount(p, key, source));
            else if (key.startsWith(COST)) costs.put(key.substring(COST.length()), cycleCount(p, key, source));
            else if (v >= 2 && key.startsWith(CACHE) && key.endsWith(BYTES) && key.length() > CACHE.length() + BYTES.length()) {
                long bytes = integer(p, key, source);
                if (bytes < 1) throw new MachineFileException(source + ": " + key + " must be ≥ 1 byte, not " + bytes);
                caches.put(key.substring(CACHE.length(), key.length() - BYTES.length()), bytes);
            } else if (v >= 3 && key.startsWith(WAKE) && (key.endsWith(WAKE_COST) || key.endsWith(WAKE_LATENCY))) {
                boolean cost = key.endsWith(WAKE_COST);
                int end = key.length() - (cost ? WAKE_COST : WAKE_LATENCY).length();
                String idle = end > WAKE.length() ? key.substring(WAKE.length(), end) : ""; // wake.remote.idle.cost: no idle time
                long at;
                try {
                    at = Long.parseLong(idle);
                } catch (NumberFormatException e) {
                    throw new MachineFileException(source + ": " + key + ": the idle time must be a whole number of cycles, not " + idle);
                }
                if (at < 0) throw new MachineFileException(source + ": " + key + ": the idle time must be ≥ 0 cycles");
                long[] row = wake.computeIfAbsent(at, k -> new long[] {-1, -1});
                if (row[cost ? 0 : 1] >= 0) throw new MachineFileException(source + ": " + key + ": the row of idle time " + at + " is given twice (as " + idle + " and another spelling)");
                row[cost ? 0 : 1] = cycleCount(p, key, source);
            } else if (v >= 4 && key.startsWith(JIT) && JIT_KEYS.contains(key.substring(JIT.length()))) {
                continue; // read below, as a group
            } else if (!KNOWN.containsKey(key)) {
                throw new MachineFileException(source + ": unknown key " + key + " (known: " + String.join(", ", KNOWN.keySet()) + ", cycles.*, cost.*"
                        + (v >= 2 ? ", cache.*.bytes" : "") + (v >= 3 ? ", " + WAKE + "*" + WAKE_COST + ", " + WAKE + "*" + WAKE_LATENCY : "")
                        + (v >= 4 ? ", " + JIT + String.join(", " + JIT, JIT_KEYS) : "") + ")");
            }
        }
        cycles.putIfAbsent(MachineModel.DEFAULT_CLASS, 1L);
        try {
            return new MachineModel(p.getProperty("name", source), processors(p, source), number(p, "clock.hz", source),
                    scheduling(p.getProperty("scheduling", "fifo"), source), p.containsKey("timeslice.cycles") ? integer(p, "timeslice.cycles", source) : 10_000,
                    p.containsKey("memory.contention") ? number(p, "memory.contention", source) : 0,
                    p.containsKey("seed") ? integer(p, "seed", source) : 1, cycles, costs, caches, wakeTable(wake, source), jit(p, source));
        } catch (IllegalArgumentException e) {
            throw new MachineFileException(source + ": " + e.getMessage());
        }
    }

    /** Writes {@code m} as a machine file of the current version, keys sorted. */
    public static void write(MachineModel m, Writer out) throws IOException {
        StringWriter s = new StringWriter();
        s.write("# Wholetrace machine model (docs/machine-model.md)\n");
        s.write("machine.format=" + VERSION + "\n");
        s.write("name=" + m.name() + "\n");
        s.write("processors=" + m.processors() + "\n");
        s.write("clock.hz=" + m.clockHz() + "\n");
        s.write("scheduling=" + m.scheduling().name().toLowerCase(Locale.ROOT).replace('_', '-') + "\n");
        s.write("timeslice.cycles=" + m.timeSliceCycles() + "\n");
        s.write("memory.contention=" + m.memoryContention() + "\n");
        s.write("seed=" + m.seed() + "\n");
        for (Map.Entry<String, Long> e : m.cycles().entrySet()) s.write(CYCLES + e.getKey() + "=" + e.getValue() + "\n");
        for (Map.Entry<String, Long> e : m.costs().entrySet()) s.write(COST + e.getKey() + "=" + e.getValue() + "\n");
        for (Map.Entry<String, Long> e : m.caches().entrySet()) s.write(CACHE + e.getKey() + BYTES + "=" + e.getValue() + "\n");
        WakeTable w = m.wakeIdle();
        for (int i = 0; i < w.idle().length; i++) {
            s.write(WAKE + w.idle()[i] + WAKE_COST + "=" + w.cost()[i] + "\n");
            s.write(WAKE + w.idle()[i] + WAKE_LATENCY + "=" + w.latency()[i] + "\n");
        }
        if (!m.jit().isNone()) for (Map.Entry<String, String> e : m.jit().keys().entrySet()) s.write(JIT + e.getKey() + "=" + e.getValue() + "\n");
        out.write(s.toString());
    }

    private static final Map<String, String> KNOWN = new TreeMap<>(Map.of("machine.format", "", "name", "", "processors", "", "clock.hz", "",
            "scheduling", "", "timeslice.cycles", "", "memory.contention", "", "seed", ""));

    private static final java.util.Set<String> JIT_KEYS = JitCosts.NONE.keys().keySet();

    /** The JIT term: every {@code jit.*} key, or none of them ({@link JitCosts#NONE}). */
    private static JitCosts jit(Properties p, String source) throws MachineFileException {
        java.util.List<String> missing = new java.util.ArrayList<>();
        int present = 0;
        for (String k : JIT_KEYS) {
            if (p.containsKey(JIT + k)) present++;
            else missing.add(JIT + k);
        }
        if (present == 0) return JitCosts.NONE;
        if (!missing.isEmpty()) throw new MachineFileException(source + ": the JIT term needs every jit.* key; missing " + String.join(", ", missing));
        return new JitCosts(number(p, JIT + "c1.cycles-per-byte", source), number(p, JIT + "c2.cycles-per-byte", source),
                number(p, JIT + "interpreter.factor", source), number(p, JIT + "c1.factor", source), thresholds(p, "tier3", source),
                thresholds(p, "tier4", source));
    }

    private static JitCosts.Thresholds thresholds(Properties p, String tier, String source) throws MachineFileException {
        String k = JIT + tier + ".";
        return new JitCosts.Thresholds(integer(p, k + "invocations", source), integer(p, k + "min-invocations", source),
                integer(p, k + "compile", source), integer(p, k + "back-edges", source));
    }

    /** The wake-up table of the rows read (idle → {cost, latency}); each row needs both. */
    private static WakeTable wakeTable(TreeMap<Long, long[]> rows, String source) throws MachineFileException {
        long[] idle = new long[rows.size()], cost = new long[rows.size()], latency = new long[rows.size()];
        int i = 0;
        for (Map.Entry<Long, long[]> e : rows.entrySet()) {
            long[] r = e.getValue();
            if (r[0] < 0 || r[1] < 0) {
                throw new MachineFileException(source + ": " + WAKE + e.getKey() + (r[0] < 0 ? WAKE_COST : WAKE_LATENCY) + " is missing (a row needs its cost and its latency)");
            }
            idle[i] = e.getKey();
            cost[i] = r[0];
            latency[i++] = r[1];
        }
        return new WakeTable(idle, cost, latency);
    }

    private static MachineModel.Scheduling scheduling(String s, String source) throws MachineFileException {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "fifo" -> MachineModel.Scheduling.FIFO;
            case "round-robin" -> MachineModel.Scheduling.ROUND_ROBIN;
            case "random" -> MachineModel.Scheduling.RANDOM;
            default -> throw new MachineFileException(source + ": scheduling is fifo, round-robin or random, not " + s);
        };
    }

    private static int processors(Properties p, String source) throws MachineFileException {
        long n = integer(p, "processors", source);
        if (n > 1 << 20) throw new MachineFileException(source + ": processors must be at most " + (1 << 20) + ", not " + n);
        return (int) n;
    }

    private static long cycleCount(Properties p, String key, String source) throws MachineFileException {
        long c = integer(p, key, source);
        if (c < 0) throw new MachineFileException(source + ": " + key + " must be ≥ 0 cycles, not " + c);
        return c;
    }

    private static long integer(Properties p, String key, String source) throws MachineFileException {
        String v = p.getProperty(key);
        if (v == null) throw new MachineFileException(source + ": " + key + " is missing");
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new MachineFileException(source + ": " + key + " must be a whole number, not " + v);
        }
    }

    private static double number(Properties p, String key, String source) throws MachineFileException {
        String v = p.getProperty(key);
        if (v == null) throw new MachineFileException(source + ": " + key + " is missing");
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new MachineFileException(source + ": " + key + " must be a number, not " + v);
        }
    }
}
