package dev.wholetrace.bench;

import static dev.wholetrace.bench.TracedProgram.LAUNCHER;

import dev.wholetrace.analysis.deps.DependenceFilterBuilder;
import dev.wholetrace.analysis.deps.DepsAnalysis;
import dev.wholetrace.analysis.deps.DepsResult;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.TraceView;
import dev.wholetrace.report.MarkdownTable;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench ewpp}'s recovery in steady state (session 49): per program, the same run at growing sizes (the
 * kernels' steps, math3's rounds, times each {@link #multipliers multiplier}), each size a CDR recording (also its
 * filtering phase) and an eWPP recorded with the filter built from it; then both recovered as {@code deps} recovers
 * (open + count every edge, in this JVM, largest size first, after {@link #WARMUP} untimed runs per file, the
 * recovering thread's CPU time). A line
 * fitted through each program's points splits a recovery into its fixed cost (the intercept: opening the file, its
 * summaries, the code map's rows, what a trace of any length pays) and its cost per dependence (the slope); the
 * bench's *cold* columns (the smallest size, whose address-trace recovery takes 13–64 ms on the kernels) measure
 * mostly the first. The same points give the recording cost (each child's CPU time, eWPP/CDR) and the sizes
 * (SEQUITUR grammars as in the *Sizes* table, and the files as stored) at every size.
 */
final class EwppGrowth {
    /** Builds the command line of one recording (EwppBenchCommand#command). */
    interface Commands {
        List<String> of(TracedProgram p, Path trace, TraceMode mode, Path filter);
    }

    /** One size of one program: the recordings' child CPU and wall seconds, the recoveries' thread CPU seconds, sizes. */
    record Point(int multiplier, long dependences, double cdrCpu, double ewppCpu, double cdrWall, double ewppWall, double filterSeconds,
                 double recoverEwpp, double recoverAt, long cfAtSeq, long ewppSeq, long storedCdr, long storedEwpp, long fileCdr,
                 long fileEwpp, String same) {
        double speedUp() {
            return recoverAt / recoverEwpp;
        }

        double recordingRatio() {
            return ewppCpu / cdrCpu;
        }

        double sizeRatio() {
            return (double) ewppSeq / cfAtSeq;
        }
    }

    /** A least-squares line seconds = fixed + perDependence × dependences. */
    record Fit(double fixed, double perDependence) {
        static Fit of(List<Point> points, boolean ewpp) {
            int n = points.size();
            double mx = 0, my = 0;
            for (Point p : points) {
                mx += p.dependences() / (double) n;
                my += (ewpp ? p.recoverEwpp() : p.recoverAt()) / n;
            }
            double sxy = 0, sxx = 0;
            for (Point p : points) {
                double dx = p.dependences() - mx;
                sxy += dx * ((ewpp ? p.recoverEwpp() : p.recoverAt()) - my);
                sxx += dx * dx;
            }
            double slope = sxx == 0 ? 0 : sxy / sxx;
            return new Fit(my - slope * mx, slope);
        }
    }

    record Series(String program, List<Point> points) {
        Point largest() {
            return points.get(points.size() - 1);
        }
    }

    /** Timed recoveries per trace and size (the reps' medians), after one untimed. */
    static final int RECOVERIES = 5;
    /** Untimed recoveries of each trace before, which compile the code. */
    static final int WARMUP = 2;

    private EwppGrowth() {}

    /** The multipliers of {@code p}'s size: the kernels' steps 1, 4, 16 times the bench's; math3's rounds 1, 2, 4 times (its address-trace recovery is over a second at 4). */
    static int[] multipliers(TracedProgram p, boolean quick) {
        if (quick) return new int[] {1, 2};
        return LAUNCHER.equals(p.main()) ? new int[] {1, 4, 16} : new int[] {1, 2, 4};
    }

    /** {@code p} with its work multiplied by {@code m}: a kernel's steps (its fourth argument), a driver's size (its first). */
    static TracedProgram scaled(TracedProgram p, int m) {
        String[] args = p.args().clone();
        int at = LAUNCHER.equals(p.main()) ? 3 : 0;
        args[at] = Integer.toString(Math.multiplyExact(Integer.parseInt(args[at]), m));
        return new TracedProgram(p.name(), p.main(), p.include(), args);
    }

    /**
     * Records every size first, then recovers them largest first: the largest traces' recoveries compile the reader's
     * and the recoveries' code, so the smallest size is not measured half interpreted (each trace also gets
     * {@link #WARMUP} untimed recoveries of its own).
     */
    static Series measure(TracedProgram p, boolean quick, Path dir, MeasuredChild child, Commands commands, long timeout, Log log)
            throws Exception {
        int[] sizes = multipliers(p, quick);
        MeasuredChild.Run[][] runs = new MeasuredChild.Run[sizes.length][];
        double[] filterSeconds = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            int m = sizes[i];
            TracedProgram q = scaled(p, m);
            Path cdr = trace(dir, p, m, "cdr");
            Path ewpp = trace(dir, p, m, "ewpp");
            Path filterFile = dir.resolve(p.name() + "-x" + m + "-filter.txt");
            Files.deleteIfExists(cdr);
            Files.deleteIfExists(ewpp);
            MeasuredChild.Run c = child.run(commands.of(q, cdr, TraceMode.CDR, null), timeout);
            long t0 = System.nanoTime();
            Files.writeString(filterFile, new DependenceFilterBuilder().build(TraceView.open(cdr)).encode());
            filterSeconds[i] = (System.nanoTime() - t0) / 1e9;
            MeasuredChild.Run e = child.run(commands.of(q, ewpp, TraceMode.EWPP, filterFile), timeout);
            e.expectSameAs(c, p.name() + " x" + m + " ewpp");
            runs[i] = new MeasuredChild.Run[] {c, e};
        }
        Point[] points = new Point[sizes.length];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = sizes.length - 1; i >= 0; i--) {
            int m = sizes[i];
            Path cdr = trace(dir, p, m, "cdr");
            Path ewpp = trace(dir, p, m, "ewpp");
            double[] re = new double[RECOVERIES];
            double[] ra = new double[RECOVERIES];
            DepsResult[] last = new DepsResult[2];
            for (int w = 0; w < WARMUP; w++) { // untimed
                recover(ewpp, threads, last, 0);
                recover(cdr, threads, last, 1);
            }
            for (int r = 0; r < RECOVERIES; r++) {
                re[r] = recover(ewpp, threads, last, 0);
                ra[r] = recover(cdr, threads, last, 1);
            }
            List<String> edgesE = EwppBenchCommand.edges(last[0]), edgesA = EwppBenchCommand.edges(last[1]);
            String why = RunDifference.of(edgesE, LockOrder.of(TraceView.open(ewpp)), edgesA, LockOrder.of(TraceView.open(cdr)));
            String same = why == null ? "NO" : why.isEmpty() ? "yes" : why;
            TraceView ve = TraceView.open(ewpp), vc = TraceView.open(cdr);
            EwppBenchCommand.FileParts fe = EwppBenchCommand.FileParts.of(ve, StreamKinds.CHECKS), fc = EwppBenchCommand.FileParts.of(vc, StreamKinds.ADDRESSES);
            EwppBenchCommand.Sizes s = EwppBenchCommand.sizes(ve, vc, fc, fe, false);
            MeasuredChild.Run c = runs[i][0], e = runs[i][1];
            Point point = new Point(m, last[0].total(), c.cpuSeconds(), e.cpuSeconds(), c.wallSeconds(), e.wallSeconds(), filterSeconds[i],
                    EwppBenchCommand.median(re), EwppBenchCommand.median(ra), s.cfSeq() + s.atSeq(), s.ecfSeq(), fc.stored(), fe.stored(),
                    fc.file(), fe.file(), same);
            log.info("%s x%d: %d dependences; recording CPU cdr %.2f s ewpp %.2f s; recovery CPU eWPP %.1f ms AT %.1f ms (%.2fx); seq ratio %.2f; %s",
                    p.name(), m, point.dependences(), point.cdrCpu(), point.ewppCpu(), 1e3 * point.recoverEwpp(), 1e3 * point.recoverAt(),
                    point.speedUp(), point.sizeRatio(), same);
            points[i] = point;
        }
        return new Series(p.name(), List.of(points));
    }

    private static Path trace(Path dir, TracedProgram p, int multiplier, String kind) {
        return dir.resolve(p.name() + "-x" + multiplier + "-" + kind + ".wtrace");
    }

    /** Opens {@code file} as {@code deps} does and counts every edge, the result into {@code out[at]}; the thread's CPU seconds. */
    private static double recover(Path file, ThreadMXBean threads, DepsResult[] out, int at) throws Exception {
        long c = threads.getCurrentThreadCpuTime();
        out[at] = new DepsAnalysis().analyze(EwppBenchCommand.openAsDeps(file));
        return (threads.getCurrentThreadCpuTime() - c) / 1e9;
    }

    /** The page's section: per size, then per program the fitted fixed and per-dependence costs, and the targets judged on them. */
    static String markdown(List<Series> series, String command) {
        MarkdownTable t = new MarkdownTable().left("program").right("×", "dependences", "record CDR CPU s", "record eWPP CPU s",
                "record eWPP/CDR CPU", "record eWPP/CDR wall", "recover eWPP ms", "recover AT ms", "AT/eWPP", "WPP+cAT seq", "eWPP seq",
                "ratio seq", "stored CDR", "stored eWPP", "ratio stored", "file CDR", "file eWPP").left("same");
        for (Series s : series) {
            for (Point p : s.points()) {
                t.row(s.program(), "" + p.multiplier(), "" + p.dependences(), f(2, p.cdrCpu()), f(2, p.ewppCpu()), f(2, p.recordingRatio()),
                        f(2, p.ewppWall() / p.cdrWall()), f(1, 1e3 * p.recoverEwpp()), f(1, 1e3 * p.recoverAt()), f(2, p.speedUp()),
                        "" + p.cfAtSeq(), "" + p.ewppSeq(), f(2, p.sizeRatio()), "" + p.storedCdr(), "" + p.storedEwpp(),
                        f(2, (double) p.storedEwpp() / p.storedCdr()), "" + p.fileCdr(), "" + p.fileEwpp(), p.same());
            }
        }
        MarkdownTable fits = new MarkdownTable().left("program").right("eWPP fixed ms", "eWPP ns/dependence", "AT fixed ms", "AT ns/dependence",
                "AT/eWPP per dependence", "AT/eWPP largest", "AT/eWPP smallest", "AT largest ms");
        double sumSlope = 0, sumLargest = 0, sumSmallest = 0, sumRecording = 0, sumSize = 0;
        int tenSlope = 0, tenLargest = 0, sizeBelowOne = 0;
        for (Series s : series) {
            Fit e = Fit.of(s.points(), true), a = Fit.of(s.points(), false);
            double slope = a.perDependence() / e.perDependence();
            Point big = s.largest(), small = s.points().get(0);
            sumSlope += slope;
            sumLargest += big.speedUp();
            sumSmallest += small.speedUp();
            sumRecording += big.recordingRatio();
            sumSize += big.sizeRatio();
            if (slope >= EwppBenchCommand.TARGET) tenSlope++;
            if (big.speedUp() >= EwppBenchCommand.TARGET) tenLargest++;
            if (big.sizeRatio() < 1) sizeBelowOne++;
            fits.row(s.program(), f(2, 1e3 * e.fixed()), f(1, 1e9 * e.perDependence()), f(2, 1e3 * a.fixed()), f(1, 1e9 * a.perDependence()),
                    f(2, slope), f(2, big.speedUp()), f(2, small.speedUp()), f(1, 1e3 * big.recoverAt()));
        }
        int n = Math.max(1, series.size());
        StringBuilder sb = new StringBuilder("# eWPP recovery in steady state: growth with the trace's length\n\n");
        sb.append('`').append(command).append("` (").append(Machine.describe().summary()).append(")\n\n")
                .append("Per program the bench's run at growing sizes (×: the kernels' steps, math3's rounds, times the bench's; the kernels ")
                .append("to 16×, math3 to 4×, where its address-trace recovery takes over a second). Each size: a CDR recording (also the ")
                .append("filtering phase: the filter is built from it in-process) and an eWPP (the recorder's default signature: distance from session 50, the search before) with that filter; *record*: ")
                .append("each child's CPU time (every thread, JVM start-up included) and the ratio of the wall times. *recover*: open the file ")
                .append("as `deps` does and count every edge, in this JVM, largest size first (its runs compile the code), after ").append(WARMUP).append(" untimed runs of each file, the median of ")
                .append(RECOVERIES).append(" runs of the recovering thread's CPU time (the load does not stretch it). *ratio seq*: eWPP / ")
                .append("(WPP + compressed AT) as per-thread SEQUITUR grammars (the *Sizes* table of ewpp.md); *stored*: control WPP + ")
                .append("addresses / checks as sealed. *same*: as in ewpp.md.\n\n");
        t.appendTo(sb);
        sb.append("\nA line through each program's points (least squares, recovery CPU seconds against dependences): *fixed* its ")
                .append("intercept (what a recovery pays whatever the trace's length: opening the file, the summaries, the code map's rows), ")
                .append("*ns/dependence* its slope; *AT/eWPP per dependence* the ratio of the slopes, the speed-up a long enough trace ")
                .append("tends to; *largest* / *smallest* the measured ratio at the largest and smallest size.\n\n");
        fits.appendTo(sb);
        sb.append(String.format(Locale.ROOT, "%nAverage AT/eWPP recovery (target ≥ %.0f×): per dependence %.2f× (%d of %d programs ≥ %.0f×); "
                        + "at the largest size %.2f× (%d of %d); at the smallest %.2f×. At the largest size: recording eWPP/CDR by CPU %.2f× "
                        + "on average (target ≤ 3×); ratio seq %.2f on average (target ≤ 0.30), below 1 on %d of %d programs.%n",
                EwppBenchCommand.TARGET, sumSlope / n, tenSlope, series.size(), EwppBenchCommand.TARGET, sumLargest / n, tenLargest,
                series.size(), sumSmallest / n, sumRecording / n, sumSize / n, sizeBelowOne, series.size()));
        return sb.toString();
    }

    static String csv(List<Series> series) {
        StringBuilder sb = new StringBuilder("program,multiplier,dependences,record_cdr_cpu_s,record_ewpp_cpu_s,record_cdr_wall_s,record_ewpp_wall_s,"
                + "filter_s,recover_ewpp_cpu_s,recover_at_cpu_s,cf_at_seq,ewpp_seq,stored_cdr,stored_ewpp,file_cdr,file_ewpp,same\n");
        for (Series s : series) {
            for (Point p : s.points()) {
                sb.append(String.join(",", Arrays.asList(s.program(), "" + p.multiplier(), "" + p.dependences(), f(3, p.cdrCpu()),
                        f(3, p.ewppCpu()), f(3, p.cdrWall()), f(3, p.ewppWall()), f(3, p.filterSeconds()), f(5, p.recoverEwpp()),
                        f(5, p.recoverAt()), "" + p.cfAtSeq(), "" + p.ewppSeq(), "" + p.storedCdr(), "" + p.storedEwpp(), "" + p.fileCdr(),
                        "" + p.fileEwpp(), p.same()))).append('\n');
            }
        }
        return sb.toString();
    }

    private static String f(int digits, double v) {
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
