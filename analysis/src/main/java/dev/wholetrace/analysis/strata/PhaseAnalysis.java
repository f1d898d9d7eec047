package dev.wholetrace.analysis.strata;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.strata.SequenceTable;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wholetrace phases}: each thread's program phases, where its hot path set changes
 * ({@link PhaseDetector}), with the event range of each and the sync operations around it, so that
 * {@code dump --thread T --sync-from M --sync-to N} (or {@code segment}) shows the phase. Works on
 * any trace with a control WPP (COR, CDR, ALL, STRATA); the WPPs are expanded as they are read.
 */
public final class PhaseAnalysis extends NamedAnalysis<PhaseResult> {
    /** Windows per thread when no window size is given: the window is the thread's events / this, and counts blocks (in CDR and ALL, fewer windows than this). */
    static final int DEFAULT_WINDOWS = 100;
    static final int MIN_WINDOW = 1000;
    /** The CLI's defaults: a phase starts below this Jaccard similarity, with hot sets of at most {@link #DEFAULT_HOT} paths. */
    public static final double DEFAULT_THRESHOLD = 0.5;
    public static final int DEFAULT_HOT = 8;

    private final int window;
    private final int thread;
    private final double threshold;
    private final int maxHot;

    /**
     * @param window    blocks per window, or 0 for a thread's events / 100 (at least 1000)
     * @param thread    only this thread, or -1 for every thread
     * @param threshold Jaccard similarity of consecutive windows' hot sets below which a phase starts
     * @param maxHot    most paths in a hot set
     */
    public PhaseAnalysis(int window, int thread, double threshold, int maxHot) {
        super("phases", "program phases: where each thread's hot path set changes");
        if (window < 0) throw new IllegalArgumentException("--window must be at least 0, not " + window);
        if (!(threshold >= 0 && threshold <= 1)) throw new IllegalArgumentException("--threshold must be 0 to 1, not " + threshold);
        if (maxHot < 1) throw new IllegalArgumentException("--hot must be at least 1, not " + maxHot);
        this.window = window;
        this.thread = thread;
        this.threshold = threshold;
        this.maxHot = maxHot;
    }

    /** Every thread, default windows, {@link #DEFAULT_THRESHOLD}, {@link #DEFAULT_HOT}: what a trace stores (StoredStrata). */
    public static PhaseAnalysis defaults() {
        return new PhaseAnalysis(0, -1, DEFAULT_THRESHOLD, DEFAULT_HOT);
    }

    /** Whether this is {@link #defaults()}. */
    public boolean isDefault() {
        return window == 0 && thread == -1 && threshold == DEFAULT_THRESHOLD && maxHot == DEFAULT_HOT;
    }

    @Override
    public PhaseResult analyze(TraceView trace) {
        if (!trace.mode().control) {
            throw new IllegalArgumentException("phases need a control WPP (cor, cdr, all or strata); " + trace.file().getFileName() + " is " + trace.mode().label());
        }
        int threads = trace.threads().size();
        if (thread >= threads) throw new IllegalArgumentException("no thread " + thread + ": the trace has " + threads);
        SequenceTable paths = new SequenceTable();
        List<PhaseResult.ThreadPhases> out = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            if (thread >= 0 && t != thread) continue;
            long events = trace.eventCount(t);
            int w = window > 0 ? window : (int) Math.max(MIN_WINDOW, Math.min(Integer.MAX_VALUE, events / DEFAULT_WINDOWS));
            PhaseDetector d = new PhaseDetector(paths, w, maxHot, 0.8, threshold);
            feed(trace, t, d);
            List<PhaseDetector.Phase> found = d.end();
            List<PhaseResult.Phase> phases = new ArrayList<>();
            for (int i = 0; i < found.size(); i++) {
                PhaseDetector.Phase p = found.get(i);
                long first = i == 0 ? 0 : p.firstEvent();
                long last = i + 1 < found.size() ? found.get(i + 1).firstEvent() - 1 : events - 1;
                List<PhaseResult.HotPath> hot = new ArrayList<>();
                for (int k = 0; k < p.hotPaths().length; k++) {
                    int id = p.hotPaths()[k];
                    hot.add(new PhaseResult.HotPath(id, paths.length(id), p.hotBlocks()[k], (double) p.hotBlocks()[k] / p.blocks(),
                            where(trace, (int) paths.element(id, 0))));
                }
                phases.add(new PhaseResult.Phase(i, first, last, p.firstBlock(), p.blocks(), syncBefore(trace, t, first), syncAfter(trace, t, last), hot));
            }
            out.add(new PhaseResult.ThreadPhases(t, trace.threads().get(t).label(), events, d.blocks(), w, phases));
        }
        return new PhaseResult(trace.file().toString(), trace.mode().label(), threshold, out);
    }

    private static void feed(TraceView trace, int t, PhaseDetector d) {
        long event = 0;
        int[] buf = new int[4096];
        for (ThreadGrammar g : trace.grammars(t)) {
            int[] blockOf = new int[g.terminals()];
            for (int s = 0; s < blockOf.length; s++) {
                long v = g.value(s);
                blockOf[s] = g.type(s) == Event.Type.BLOCK && v >= 0 && v <= Integer.MAX_VALUE ? (int) v : -1;
            }
            GrammarExpander e = g.wpp().expander();
            int n;
            while ((n = e.read(buf, 0, buf.length)) > 0) {
                for (int i = 0; i < n; i++, event++) {
                    int b = blockOf[buf[i]];
                    if (b >= 0) d.block(b, event);
                }
            }
        }
    }

    /** The last sync operation of thread t at or before event {@code first}, or -1 (the phase starts before any). */
    static long syncBefore(TraceView trace, int t, long first) {
        long lo = 0;
        long hi = trace.syncCount(t); // ops [0, hi): find the count of ops with position <= first
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (trace.syncPosition(t, mid) <= first) lo = mid + 1;
            else hi = mid;
        }
        return lo - 1;
    }

    /** The first sync operation of thread t at or after event {@code last}, or -1 (none: the phase runs to the end). */
    static long syncAfter(TraceView trace, int t, long last) {
        long lo = 0;
        long hi = trace.syncCount(t);
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (trace.syncPosition(t, mid) < last) lo = mid + 1;
            else hi = mid;
        }
        return lo < trace.syncCount(t) ? lo : -1;
    }

    private static String where(TraceView trace, int block) {
        CodeEntry e = trace.code().block(block);
        return e == null ? "block " + block : e.where();
    }
}
