package dev.wholetrace.analysis.race;

import dev.wholetrace.analysis.dataflow.ProgramBytecode;
import dev.wholetrace.reader.ParallelTrace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** What the race detector reports on a recorded trace, as the set of both sides' targets (fields and array elements by name). */
final class RaceTargets {
    private RaceTargets() {}

    static Set<String> of(Path trace) throws IOException {
        ParallelTrace t = ParallelTrace.open(trace);
        RaceReport report;
        try (ProgramBytecode bytecode = ProgramBytecode.of(t.properties(), List.of())) {
            report = RaceReport.of(t, RaceDetector.detect(t, false), bytecode);
        }
        Set<String> found = new TreeSet<>();
        for (RaceReport.Finding f : report.findings()) {
            found.add(f.a().target());
            found.add(f.b().target());
        }
        return found;
    }
}
