package dev.wholetrace.analysis.race;

import dev.wholetrace.analysis.NamedAnalysis;
import dev.wholetrace.analysis.dataflow.ProgramBytecode;
import dev.wholetrace.reader.TraceView;
import java.nio.file.Path;
import java.util.List;

/**
 * Apparent data races as a user reads them: {@link RaceDetector} on the compressed trace, then
 * {@link RaceReport} for each side's place in the program and the artifacts.
 */
public final class RaceAnalysis extends NamedAnalysis<RaceReport> {
    private final boolean allInstances;
    private final boolean artifacts;
    private final List<Path> classpath;
    private final RaceProgress progress;

    /**
     * @param allInstances list every pair of concurrent segments in which each pair of instructions raced
     * @param artifacts    classify artifacts (and name arrays) from the program's bytecode
     * @param classpath    where else to look for the program's class files, before the recorded class path
     */
    public RaceAnalysis(boolean allInstances, boolean artifacts, List<Path> classpath) {
        this(allInstances, artifacts, classpath, RaceProgress.NONE);
    }

    /** The same, telling {@code progress} how far the detection is. */
    public RaceAnalysis(boolean allInstances, boolean artifacts, List<Path> classpath, RaceProgress progress) {
        super("races", "apparent data races (CDR/ALL), one finding per pair of instructions, artifacts marked");
        this.allInstances = allInstances;
        this.artifacts = artifacts;
        this.classpath = List.copyOf(classpath);
        this.progress = progress;
    }

    /** Findings once per instruction pair, artifacts classified from the recorded class path. */
    public static RaceAnalysis defaults() {
        return new RaceAnalysis(false, true, List.of());
    }

    @Override
    public RaceReport analyze(TraceView trace) {
        RaceDetector.Result result = RaceDetector.detect(trace, allInstances, progress);
        if (!artifacts || result.races().isEmpty()) return RaceReport.of(trace, result, null); // no finding to classify
        try (ProgramBytecode bytecode = ProgramBytecode.of(trace.properties(), classpath)) {
            return RaceReport.of(trace, result, bytecode);
        }
    }
}
