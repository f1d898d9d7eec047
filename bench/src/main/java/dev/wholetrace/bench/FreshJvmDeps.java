package dev.wholetrace.bench;

import dev.wholetrace.report.MarkdownTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench ewpp}'s *fresh JVM* figures: a cold {@code deps FILE} as a command runs it, a JVM of its own per
 * recovery ({@link EwppColdProbe}), the eWPP and the CDR trace alternating (A B, then B A). The bench's *cold*
 * column is measured in its own JVM, where earlier runs compiled the code; a command pays the JVM's start-up and
 * runs the reader interpreted at first. Both are reported: the parts without the start-up (the main thread's CPU
 * time for opening, the code map, the recovery, the output) and the whole process (its CPU time, every thread,
 * and its wall time, the JVM's start-up included), so that neither ratio hides the other.
 */
final class FreshJvmDeps {
    private FreshJvmDeps() {}

    /** One file's medians over the runs, seconds: the probe's parts, and the whole child process as {@link MeasuredChild} saw it. */
    record Parts(double startupCpu, double open, double code, double recover, double output, double processCpu, double processWall) {
        /** The command without the JVM's start-up: the main thread's CPU time for its parts. */
        double inProcess() {
            return open + code + recover + output;
        }
    }

    /** Both files of one program. */
    record Pair(Parts ewpp, Parts at) {}

    /** Runs the probe {@code reps} times on each file, alternating, in JVMs with the heap {@code deps} runs with. */
    static Pair measure(MeasuredChild child, Path ewpp, Path cdr, int reps, long timeoutSeconds) throws Exception {
        List<double[]> e = new ArrayList<>(), a = new ArrayList<>();
        for (int r = 0; r < reps; r++) {
            for (int i = 0; i < 2; i++) {
                boolean ewppFirst = r % 2 == 0;
                boolean isEwpp = (i == 0) == ewppFirst;
                (isEwpp ? e : a).add(run(child, isEwpp ? ewpp : cdr, timeoutSeconds));
            }
        }
        return new Pair(medians(e), medians(a));
    }

    private static double[] run(MeasuredChild child, Path file, long timeoutSeconds) throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), EwppColdProbe.class.getName(), file.toString());
        MeasuredChild.Run run = child.run(cmd, timeoutSeconds);
        String line = run.out().lines().filter(l -> l.startsWith(EwppColdProbe.PREFIX)).findFirst().orElse(null);
        if (run.exit() != 0 || line == null) throw new IllegalStateException("cold probe on " + file.getFileName() + ": exit " + run.exit() + "\n" + run.err());
        String[] w = line.split(" ");
        return new double[] {value(w, "startup-cpu"), value(w, "open"), value(w, "code"), value(w, "recover"), value(w, "output"),
                run.cpuSeconds(), run.wallSeconds()};
    }

    private static double value(String[] words, String name) {
        for (int i = 0; i + 1 < words.length; i++) if (words[i].equals(name)) return Double.parseDouble(words[i + 1]);
        throw new IllegalStateException("the cold probe printed no " + name);
    }

    private static Parts medians(List<double[]> runs) {
        double[] m = new double[runs.get(0).length];
        for (int f = 0; f < m.length; f++) {
            final int field = f;
            m[f] = EwppBenchCommand.median(runs.stream().mapToDouble(v -> v[field]).toArray());
        }
        return new Parts(m[0], m[1], m[2], m[3], m[4], m[5], m[6]);
    }

    /** The section of results/ewpp.md: per program both files' parts and the ratios with and without the start-up. */
    static String section(List<String> programs, List<Pair> pairs, int reps) {
        MarkdownTable t = new MarkdownTable().left("program").right("start-up CPU s eWPP", "start-up CPU s AT", "open ms eWPP", "open ms AT",
                "code map ms eWPP", "code map ms AT", "recover ms eWPP", "recover ms AT", "output ms eWPP", "output ms AT",
                "without start-up ms eWPP", "without start-up ms AT", "AT/eWPP without start-up", "process CPU s eWPP", "process CPU s AT",
                "AT/eWPP process CPU", "process wall s eWPP", "process wall s AT", "AT/eWPP process wall");
        double sumIn = 0, sumCpu = 0, sumWall = 0;
        int tenIn = 0;
        for (int i = 0; i < pairs.size(); i++) {
            Parts e = pairs.get(i).ewpp(), a = pairs.get(i).at();
            double in = a.inProcess() / e.inProcess(), cpu = a.processCpu() / e.processCpu(), wall = a.processWall() / e.processWall();
            sumIn += in;
            sumCpu += cpu;
            sumWall += wall;
            if (in >= EwppBenchCommand.TARGET) tenIn++;
            t.row(programs.get(i), f(2, e.startupCpu()), f(2, a.startupCpu()), ms(e.open()), ms(a.open()), ms(e.code()), ms(a.code()),
                    ms(e.recover()), ms(a.recover()), ms(e.output()), ms(a.output()), ms(e.inProcess()), ms(a.inProcess()), f(2, in),
                    f(2, e.processCpu()), f(2, a.processCpu()), f(2, cpu), f(2, e.processWall()), f(2, a.processWall()), f(2, wall));
        }
        int n = Math.max(1, pairs.size());
        StringBuilder sb = new StringBuilder("\n### Cold in a fresh JVM (what `wholetrace deps FILE` runs)\n\n");
        sb.append("Each file recovered by a JVM of its own (`EwppColdProbe`: opened as `deps` opens it, `ParallelTrace.openLazily`; the code map; `DepsAnalysis` counting every ")
                .append("edge, the text `deps` prints), the eWPP and the CDR trace alternating, ").append(reps)
                .append(" runs each, medians. The *cold* columns above run in the bench's JVM, where earlier runs compiled the reader; a ")
                .append("command starts a JVM (*start-up*: the process's CPU time before `main`, 10 ms ticks) and runs the reader interpreted ")
                .append("at first. *open* … *output*: the main thread's CPU time per part (the code map: its index pass; the rows of the ")
                .append("edges named are in *recover*, with the summaries and the happens-before); *without start-up* their sum; *process*: ")
                .append("the whole child, every thread (JIT compilers, garbage collector), start-up included, CPU and wall.\n\n");
        t.appendTo(sb);
        sb.append(String.format(Locale.ROOT, "%nAverage AT/eWPP in a fresh JVM: without start-up (main thread CPU) %.2f× (%d of %d programs ≥ 10×); "
                + "whole process, start-up included: CPU %.2f×, wall %.2f× (target ≥ 10×).%n", sumIn / n, tenIn, pairs.size(), sumCpu / n, sumWall / n));
        return sb.toString();
    }

    private static String ms(double seconds) {
        return f(1, seconds * 1e3);
    }

    private static String f(int digits, double v) {
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
