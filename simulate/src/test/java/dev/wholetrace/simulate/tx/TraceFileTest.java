package dev.wholetrace.simulate.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wholetrace.simulate.machine.MachineModel;
import dev.wholetrace.simulate.tx.analysis.SvdAnalysis;
import dev.wholetrace.simulate.tx.analysis.TcpSets;
import dev.wholetrace.simulate.tx.correspond.ComputeM;
import dev.wholetrace.simulate.tx.correspond.TraceEvents;
import dev.wholetrace.simulate.tx.extrapolate.Accuracy;
import dev.wholetrace.simulate.tx.interp.Interpreter;
import dev.wholetrace.simulate.tx.interp.Trace;
import dev.wholetrace.simulate.tx.interp.TraceFile;
import dev.wholetrace.simulate.tx.lang.Code;
import dev.wholetrace.simulate.tx.lang.Lowering;
import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link TraceFile}: an execution written and read back is the same execution for every analysis; bad files are one-line errors. */
class TraceFileTest {
    private static final MachineModel RANDOM = new MachineModel("random two", 2, 1e9, MachineModel.Scheduling.RANDOM, 4, 0, 1,
            Map.of(MachineModel.DEFAULT_CLASS, 1L), Map.of());

    private static String write(Trace t, Program p) throws Exception {
        StringWriter w = new StringWriter();
        TraceFile.write(t, p, RANDOM.name(), w);
        return w.toString();
    }

    private static TraceFile.Saved read(String text, Program p) throws Exception {
        return TraceFile.read(new BufferedReader(new StringReader(text)), p);
    }

    @Test
    void aSavedExecutionReadsBackAsTheSameExecution() throws Exception {
        for (String example : new String[] {"counter.tx", "fig14.tx", "fig39.tx", "procedures.tx"}) {
            Program p = Examples.load(example);
            Code c = Lowering.lower(p);
            for (long seed = 1; seed <= 5; seed++) {
                Trace t = new Interpreter(c, RANDOM.withSeed(seed), 1_000_000).run(new long[] {6}).trace();
                String text = write(t, p);
                TraceFile.Saved back = read(text, p);
                assertThat(back.machine()).isEqualTo("random two");
                Trace u = back.trace();
                assertThat(u.pathKey()).as(example).isEqualTo(t.pathKey());
                assertThat(u.patternKey()).isEqualTo(t.patternKey());
                assertThat(u.endTime()).isEqualTo(t.endTime());
                assertThat(u.instructions()).isEqualTo(t.instructions());
                assertThat(u.threads()).isEqualTo(t.threads());
                for (int k = 0; k < t.threads(); k++) {
                    assertThat(u.parent(k)).isEqualTo(t.parent(k));
                    assertThat(u.createEvent(k)).isEqualTo(t.createEvent(k));
                    assertThat(u.unit(k)).isEqualTo(t.unit(k));
                }
                for (int e = 0; e < t.size(); e++) assertThat(u.start(e)).isEqualTo(t.start(e));
                assertThat(write(u, p)).isEqualTo(text);
            }
        }
    }

    @Test
    void correspondenceAndExtrapolationGiveTheSameAnswersOnTheSavedTrace() throws Exception {
        Program p = Examples.load("counter.tx");
        Code c = Lowering.lower(p);
        TcpSets sets = SvdAnalysis.worklist(p);
        MachineModel four = RANDOM.withProcessors(4);
        Trace a = new Interpreter(c, four.withSeed(3), 1_000_000).run(new long[] {20}).trace();
        Trace b = new Interpreter(c, four.withSeed(9), 1_000_000).run(new long[] {20}).trace();
        Trace a2 = read(write(a, p), p).trace(), b2 = read(write(b, p), p).trace();
        long[] r1 = {0}, r2 = {0};
        ComputeM.Result direct = new ComputeM(sets).correspond(TraceEvents.of(a, r1), TraceEvents.of(b, r1), x -> {});
        ComputeM.Result saved = new ComputeM(sets).correspond(TraceEvents.of(a2, r2), TraceEvents.of(b2, r2), x -> {});
        assertThat(saved.regions).isEqualTo(direct.regions).isPositive();
        assertThat(saved.hamming).isEqualTo(direct.hamming);
        assertThat(saved.levenshtein).isEqualTo(direct.levenshtein);
        MachineModel target = RANDOM.withProcessors(1).withSeed(5);
        Accuracy x = Accuracy.measure(c, sets, four.withSeed(3), target, new long[] {20}, 1_000_000);
        Accuracy y = Accuracy.measure(c, sets, a2, target, new long[] {20}, 1_000_000);
        assertThat(y.extrapolation().target().pathKey()).isEqualTo(x.extrapolation().target().pathKey());
        assertThat(y.extrapolation().fdist()).isEqualTo(x.extrapolation().fdist());
        assertThat(y.predictedCycles()).isEqualTo(x.predictedCycles());
    }

    @Test
    void badFilesAreOneLineErrorsNamingTheLine() throws Exception {
        Program p = Examples.load("counter.tx");
        Trace t = new Interpreter(Lowering.lower(p), RANDOM, 1_000_000).run(new long[] {3}).trace();
        String good = write(t, p);
        assertThatThrownBy(() -> read("hello\n", p)).isInstanceOf(TxException.class).hasMessageContaining("1:1:");
        assertThatThrownBy(() -> read(good.replace("wholetrace-tx-trace 1", "wholetrace-tx-trace 9"), p)).hasMessageContaining("version 9");
        assertThatThrownBy(() -> read(good, Examples.load("fig14.tx"))).hasMessageContaining("the trace is of another program");
        assertThatThrownBy(() -> read(good.substring(0, good.lastIndexOf('\n', good.length() / 2) + 1), p)).hasMessageContaining("the file ends before");
        assertThatThrownBy(() -> read(good.replace("\n1 B0 ", "\n1 ZZ "), p)).hasMessageContaining("no statement ZZ in counter.tx")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> read(good.replaceFirst("\n1 B0 ", "\n1 C0 "), p)).hasMessageContaining("C0 is not a statement of thread 1's body");
        assertThatThrownBy(() -> read(good + "1 B0 0 0 1\n", p)).hasMessageContaining("lines after the last event");
        assertThatThrownBy(() -> read(good.replace("\nevents ", "\nevents x"), p)).hasMessageContaining("is not a number");
    }
}
