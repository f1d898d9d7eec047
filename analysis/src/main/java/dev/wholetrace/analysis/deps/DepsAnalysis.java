package dev.wholetrace.analysis.deps;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code deps}: the dynamic store→load dependences of a recording. From an eWPP (mode EWPP) they
 * are recovered from the check signatures ({@link EwppRecovery}); from a control flow and address
 * trace (CDR, ALL) by the address-trace baseline ({@link AddressTraceRecovery}). Both give the
 * same edges and counts for the same run (docs/ewpp.md).
 */
public final class DepsAnalysis extends NamedAnalysis<DepsResult> {
    private final DepsOptions options;
    private final EwppIndex index;
    private final CrossThreadOrder order;

    public DepsAnalysis() {
        this(DepsOptions.ALL);
    }

    public DepsAnalysis(DepsOptions options) {
        this(options, null, null);
    }

    /**
     * @param index the summaries of the eWPP this analysis will read, shared by the queries on one
     *              opened trace ({@link EwppIndex}); null: built for the one query
     */
    public DepsAnalysis(DepsOptions options, EwppIndex index) {
        this(options, index, index == null ? null : index.order());
    }

    /**
     * @param order the sync order's segments and happens-before of the trace this analysis will read,
     *              shared by the recoveries on one opened trace, eWPP or address trace ({@link
     *              CrossThreadOrder}); null: built for the one recovery
     */
    public DepsAnalysis(DepsOptions options, CrossThreadOrder order) {
        this(options, null, order);
    }

    private DepsAnalysis(DepsOptions options, EwppIndex index, CrossThreadOrder order) {
        super("deps", "store→load dependences, from an eWPP's check signatures or from the addresses of a CDR/ALL trace");
        this.options = options;
        this.index = index;
        this.order = order;
    }

    /**
     * {@inheritDoc}
     *
     * <p>A trace whose sections are well formed but do not agree with each other (a check symbol
     * naming a thread, store or instance the trace does not hold, a filter that does not predict
     * what the signatures say, fewer signatures than loads: damage behind valid CRCs, or a crafted
     * file) is bad input: an {@link IllegalArgumentException} saying where recovery found it, as
     * the verifier reports a grammar that cannot be expanded.
     */
    @Override
    public DepsResult analyze(TraceView trace) {
        try {
            return recover(trace);
        } catch (IllegalStateException | IndexOutOfBoundsException | ArithmeticException | NegativeArraySizeException e) {
            throw new IllegalArgumentException("corrupted " + trace.file().getFileName() + ": its " + trace.mode().label()
                    + " recording does not hold together (" + e.getMessage() + ")", e);
        }
    }

    private DepsResult recover(TraceView trace) {
        // an id the trace does not define would give "0 dependences", an answer about nothing
        requireInstruction(trace, options.load(), "the load asked for");
        requireInstruction(trace, options.store(), "the store asked for");
        requireInstruction(trace, options.chainLoad(), "the chain's load");
        DependenceCounts counts = new DependenceCounts(u -> options.load() < 0 || u == options.load(),
                d -> options.store() < 0 || d == options.store(), options.instances());
        boolean chain = options.chainLoad() >= 0;
        boolean walkGrammar = trace.mode() == TraceMode.EWPP && !options.expand();
        boolean wholeTrace = options.load() < 0 && options.store() < 0; // no --from/--to
        boolean onGrammar = walkGrammar && (chain ? wholeTrace : !wholeTrace);
        // every edge with its count and no instance: the (load, signature) pairs counted, no timestamp
        boolean countsOnly = walkGrammar && !chain && wholeTrace && options.instances() == 0;
        ChainRecovery chains = chain && !onGrammar ? new ChainRecovery(options.chainLoad(), options.chainLength()) : null;
        DependenceSink sink = chains == null ? counts : (t, p, u, wt, wp, d, o) -> {
            counts.dependence(t, p, u, wt, wp, d, o);
            chains.dependence(t, p, u, wt, wp, d, o);
        };
        long start = System.nanoTime();
        EwppRecovery.Stats stats = null;
        List<DepsResult.Chain> chainRows = List.of();
        String method;
        CrossThreadOrder shared = (order != null ? order : new CrossThreadOrder(trace)).of(trace);
        EwppIndex summaries = countsOnly || onGrammar ? (index != null ? index : new EwppIndex(trace, shared)) : null;
        if (countsOnly) {
            stats = new EwppCounts(summaries, options.pairWalk()).recover(counts);
            method = "ewpp-counts";
        } else if (onGrammar) {
            if (chain) {
                EwppChains walk = new EwppChains(summaries, options.chainLoad(), options.chainLength());
                chainRows = walk.recover(counts);
            } else if (options.load() >= 0) {
                stats = new EwppQuery(summaries).recover(options.load(), options.instances() > 0, sink);
            } else {
                stats = new EwppQuery(summaries).recoverFrom(options.store(), options.instances() > 0, sink);
            }
            method = "ewpp-query";
        } else if (trace.mode() == TraceMode.EWPP) {
            stats = new EwppRecovery().recover(trace, shared, sink);
            method = "ewpp";
        } else if (trace.mode().streams) {
            new AddressTraceRecovery().recover(trace, shared, sink);
            method = "address-trace";
        } else {
            throw new IllegalArgumentException("dependences need a trace of mode ewpp, cdr or all; " + trace.file().getFileName() + " is " + trace.mode().label());
        }
        if (chains != null) chainRows = chains.chains(trace);
        long nanos = System.nanoTime() - start;
        CodeMap code = trace.code();
        List<DepsResult.EdgeRow> rows = new ArrayList<>();
        Map<Origin, Long> byOrigin = new EnumMap<>(Origin.class);
        counts.edges().forEach((e, n) -> {
            rows.add(new DepsResult.EdgeRow(e.store(), e.load(), e.origin(), n, e.store() < 0 ? null : code.instruction(e.store()), code.instruction(e.load())));
            byOrigin.merge(e.origin(), n, Long::sum);
        });
        List<DepsResult.EdgeRow> kept = rows;
        if (options.top() > 0 && options.top() < rows.size()) { // the hottest edges, the most dependences first
            rows.sort(Comparator.comparingLong(DepsResult.EdgeRow::count).reversed()
                    .thenComparingInt(DepsResult.EdgeRow::load).thenComparingInt(DepsResult.EdgeRow::store));
            kept = new ArrayList<>(rows.subList(0, options.top()));
        }
        return new DepsResult(trace.file().toString(), trace.mode().label(), method, kept, rows.size(), byOrigin, stats, counts.instances(), chainRows,
                nanos);
    }

    private static void requireInstruction(TraceView trace, int id, String what) {
        if (id >= 0 && trace.code().instruction(id) == null)
            throw new IllegalArgumentException(trace.file().getFileName() + " has no instruction " + id + " (" + what + ")");
    }
}
