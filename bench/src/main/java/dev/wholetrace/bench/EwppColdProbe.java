package dev.wholetrace.bench;

import dev.wholetrace.analysis.deps.DepsAnalysis;
import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.report.OutputFormat;
import dev.wholetrace.report.deps.DepsFormats;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.TraceView;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One cold {@code deps FILE} in a JVM of its own, by part: what {@code bench ewpp}'s *fresh JVM* columns run
 * once per file and rep. A cold recovery in the bench's own JVM runs code that the earlier runs compiled; a
 * command starts a JVM, loads and interprets its classes first. So this prints, on one line ({@link #PREFIX}):
 * the process's CPU and wall time before {@code main} (the JVM's start-up), then the main thread's CPU time for
 * each part of the command (opening the file as {@code deps} does, decoding the code map's index, the recovery with its summaries
 * and happens-before and the code map's rows, the text output as {@code deps} writes it), then the process's
 * CPU and wall at the end (every thread: JIT compilers and the garbage collector too). Thread CPU, not wall: at
 * the machine loads these runs see, a part of milliseconds waits for a core longer than it runs.
 */
public final class EwppColdProbe {
    /** The first word of the line this prints. */
    static final String PREFIX = "ewpp-cold-probe";

    private EwppColdProbe() {}

    public static void main(String[] args) throws Exception {
        long startTicks = CpuMeter.selfTicks()[0]; // before anything of ours is loaded: the JVM's start
        long startWall = System.currentTimeMillis() - ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long t0 = threads.getCurrentThreadCpuTime();
        TraceView trace = ParallelTrace.openLazily(Path.of(args[0]), bytes -> { }); // as deps opens it
        long t1 = threads.getCurrentThreadCpuTime();
        trace.code(); // the code map's index pass (every piece's structure); the rows come with the edges
        long t2 = threads.getCurrentThreadCpuTime();
        DepsResult result = new DepsAnalysis().analyze(trace);
        long t3 = threads.getCurrentThreadCpuTime();
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        DepsFormats.DEPS.writer(OutputFormat.TEXT).write(result, out);
        out.flush();
        long t4 = threads.getCurrentThreadCpuTime();
        long endTicks = CpuMeter.selfTicks()[0];
        long endWall = System.currentTimeMillis() - ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        System.out.printf(Locale.ROOT, "%s startup-cpu %.3f startup-wall %.3f open %.5f code %.5f recover %.5f output %.5f cpu %.3f wall %.3f edges %d chars %d%n",
                PREFIX, startTicks / CpuMeter.HZ, startWall / 1e3, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9, (t4 - t3) / 1e9,
                endTicks / CpuMeter.HZ, endWall / 1e3, result.edges().size(), text.getBuffer().length());
    }
}
