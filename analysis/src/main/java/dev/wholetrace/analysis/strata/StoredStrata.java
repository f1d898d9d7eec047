package dev.wholetrace.analysis.strata;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wholetrace.analysis.strata.StrataResult.Level;
import dev.wholetrace.analysis.strata.StrataResult.Run;
import dev.wholetrace.analysis.strata.StrataResult.ThreadRow;
import dev.wholetrace.analysis.strata.StrataResult.UniqueStratum;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.wtrace.SectionType;
import dev.wholetrace.format.wtrace.StrataOutputsSection;
import dev.wholetrace.format.wtrace.TraceReader;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.TraceView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The strata paper's six outputs (§III.D) and the program phases, stored in a trace's
 * STRATA_OUTPUTS trailer section (docs/strata.md, "Stored outputs"): computed once, when a
 * finished STRATA recording is re-packed ({@code record}, {@code recompress}), with
 * {@link #STORED_OPTIONS} and the phase defaults, then read by {@code hot}, {@code strata} and
 * {@code phases} instead of expanding every WPP again, whenever what they are asked can be cut
 * from what is stored ({@link #serve}, {@link #servePhases}); otherwise they compute.
 *
 * <p>Content version 2: the {@link Outputs} record as JSON (UTF-8). The pass's wall and CPU time
 * are stored as -1 ({@link StrataResult#untimed}), so that re-packing one file twice writes the
 * same bytes; sections written before session 46 hold the times of the computation at re-pack
 * time (read as they are: the fields did not change). Version 1 (session 33) lacks the unique strata's rotation
 * families: a section of it is not read, the outputs are computed as for a trace without one.
 */
public final class StoredStrata {
    /** The content version this build writes and reads. */
    public static final int CONTENT_VERSION = 2;
    /** What is stored: {@code strata}'s defaults (4 layers, the top 10, 16 runs per level and thread, sizes). */
    public static final StrataOptions STORED_OPTIONS = StrataOptions.defaults();

    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private StoredStrata() {}

    /**
     * The stored outputs.
     *
     * @param strata the strata analysis with {@link #STORED_OPTIONS}, every thread
     * @param phases the phase analysis with its defaults ({@link PhaseAnalysis#defaults}), every thread, its file left empty
     */
    public record Outputs(StrataResult strata, PhaseResult phases) {}

    /** Computes what a trace's STRATA_OUTPUTS section holds. */
    public static Outputs compute(TraceView trace) {
        PhaseResult phases = PhaseAnalysis.defaults().analyze(trace);
        return new Outputs(new StrataAnalysis(STORED_OPTIONS).analyze(trace).untimed(),
                new PhaseResult("", phases.mode(), phases.threshold(), phases.threads()));
    }

    /** The section's payload for {@code outputs}. */
    public static byte[] encode(Outputs outputs) {
        try {
            return StrataOutputsSection.wrap(CONTENT_VERSION, JSON.writeValueAsBytes(outputs));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strata outputs cannot be written as JSON", e);
        }
    }

    /** The trailer to add when re-packing: the section type and its payload. */
    public static Map<SectionType, byte[]> trailer(TraceView trace) {
        return Map.of(SectionType.STRATA_OUTPUTS, encode(compute(trace)));
    }

    /** Whether a trace of this mode gets the section when it is re-packed (only STRATA recordings). */
    public static boolean storedFor(TraceMode mode) {
        return mode == TraceMode.STRATA;
    }

    /** {@link #read(Path)} of an open trace's file, without opening it again when its trailer has no STRATA_OUTPUTS section. */
    public static Outputs read(TraceView trace) throws IOException {
        return trace.trailer().stream().anyMatch(s -> s.type() == SectionType.STRATA_OUTPUTS) ? read(trace.file()) : null;
    }

    /**
     * The outputs stored in {@code file}, or null when it has none: an older or unfinished trace, or
     * content of a version this build does not know (a newer one). Damage is a FormatException.
     */
    public static Outputs read(Path file) throws IOException {
        try (TraceReader reader = TraceReader.open(file)) {
            StrataOutputsSection.Content c = StrataOutputsSection.read(reader);
            if (c == null || c.version() != CONTENT_VERSION) return null;
            try {
                return decode(c.bytes());
            } catch (IOException e) {
                throw new FormatException(file.getFileName() + ": its STRATA_OUTPUTS section is corrupt (" + e.getMessage().lines().findFirst().orElse("") + ")");
            }
        }
    }

    /** Content of version {@link #CONTENT_VERSION} (the section's payload after its version), decoded. */
    static Outputs decode(byte[] content) throws IOException {
        return JSON.readValue(content, Outputs.class);
    }

    /**
     * What {@link StrataAnalysis} with {@code asked} would give, cut from {@code stored} (computed with
     * {@link #STORED_OPTIONS}), or null when it cannot be: another thread selection or path limit,
     * more layers, paths or strata than stored, temporal runs outside the stored ones, or a memory budget that could have given a
     * layer up. Cutting is exact because each layer depends only on those below it, the hottest
     * paths and unique strata are ranked with ties broken by id, and the temporal strata are each
     * thread's runs in order. Peak memory stays that of the stored computation, and so do its times
     * (none since session 46: {@link StrataResult#untimed}).
     */
    public static StrataResult serve(StrataResult stored, StrataOptions asked) {
        StrataOptions s = stored.options();
        if (asked.thread() != s.thread() || asked.maxLength() != s.maxLength() || asked.layers() > s.layers()
                || asked.top() > s.top() || asked.sampleFrom() < s.sampleFrom() || asked.sampleFrom() + asked.sample() > s.sampleFrom() + s.sample()
                || asked.sizes() && !s.sizes()) return null;
        for (Level l : stored.levels()) if (!l.complete()) return null;
        if (asked.memoryBytes() < stored.peakBytes()) return null;
        int levels = asked.layers() + 1;
        List<Level> kept = new ArrayList<>();
        for (Level l : stored.levels().subList(0, levels)) {
            kept.add(asked.sizes() ? l : new Level(l.layer(), l.inputs(), l.executions(), l.runs(), l.unique(), l.tableElements(), l.longestRun(),
                    l.tableBytes(), l.givenUpAt(), -1, -1, -1));
        }
        List<ThreadRow> threads = new ArrayList<>();
        int from = (int) (asked.sampleFrom() - s.sampleFrom());
        for (ThreadRow t : stored.threads()) {
            List<List<Run>> temporal = new ArrayList<>();
            for (List<Run> runs : t.temporal().subList(0, levels)) {
                temporal.add(List.copyOf(runs.subList(Math.min(from, runs.size()), Math.min(from + asked.sample(), runs.size()))));
            }
            threads.add(new ThreadRow(t.thread(), t.name(), t.blocks(), List.copyOf(temporal)));
        }
        List<List<UniqueStratum>> unique = new ArrayList<>();
        for (List<UniqueStratum> layer : stored.uniqueStrata().subList(0, asked.layers())) {
            unique.add(List.copyOf(layer.subList(0, Math.min(asked.top(), layer.size()))));
        }
        return new StrataResult(stored.mode(), stored.blocks(), stored.nanos(), stored.cpuNanos(), stored.peakBytes(), asked, List.copyOf(threads),
                List.copyOf(kept), List.copyOf(stored.hottest().subList(0, Math.min(asked.top(), stored.hottest().size()))), List.copyOf(unique));
    }

    /**
     * The strata analysis {@code asked} of trace file {@code file} cut from its STRATA_OUTPUTS section
     * ({@link #serve}), or null when it has none or cannot answer (then it is computed).
     */
    public static StrataResult storedStrata(Path file, StrataOptions asked) throws IOException {
        Outputs stored = read(file);
        return stored == null ? null : serve(stored.strata(), asked);
    }

    /**
     * The phases {@code asked} of trace file {@code file} as its STRATA_OUTPUTS section holds them, or null
     * when it has none or they are not what is asked (then they are computed).
     */
    public static PhaseResult storedPhases(Path file, PhaseAnalysis asked) throws IOException {
        Outputs stored = read(file);
        return stored == null ? null : servePhases(stored.phases(), asked, file);
    }

    /** The stored phases if {@code asked} is the analysis they were computed with, else null; {@code file} names the trace. */
    public static PhaseResult servePhases(PhaseResult stored, PhaseAnalysis asked, Path file) {
        if (!asked.isDefault()) return null;
        return new PhaseResult(file.toString(), stored.mode(), stored.threshold(), stored.threads());
    }
}
