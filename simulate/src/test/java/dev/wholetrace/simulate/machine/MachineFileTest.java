package dev.wholetrace.simulate.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineFileTest {
    static MachineModel parse(String text) throws Exception {
        return MachineFile.parse(new StringReader(text), "m.properties");
    }

    @Test
    void readsAMinimalFileWithDefaults() throws Exception {
        MachineModel m = parse("machine.format=1\nprocessors=4\nclock.hz=2e9\n");
        assertThat(m.processors()).isEqualTo(4);
        assertThat(m.cyclesOf("invoke")).isEqualTo(1);
        assertThat(m.costOf("lock.acquire")).isZero();
        assertThat(m.scheduling()).isEqualTo(MachineModel.Scheduling.FIFO);
        assertThat(m.seconds(2e9)).isEqualTo(1.0);
    }

    @Test
    void writesWhatItReads() throws Exception {
        MachineModel m = new MachineModel("box", 2, 3e9, MachineModel.Scheduling.ROUND_ROBIN, 5000, 0.05, 7,
                Map.of("default", 2L, "invoke", 12L), Map.of("lock.acquire", 40L));
        StringWriter w = new StringWriter();
        MachineFile.write(m, w);
        assertThat(parse(w.toString())).isEqualTo(m);
        assertThat(m.cyclesOf("invoke")).isEqualTo(12);
        assertThat(m.cyclesOf("load")).isEqualTo(2);
        assertThat(m.withProcessors(8).processors()).isEqualTo(8);
    }

    @Test
    void cacheSizesRoundTripAndPickTheSmallestLevelThatHolds() throws Exception {
        MachineModel m = new MachineModel("box", 1, 1e9, MachineModel.Scheduling.FIFO, 5000, 0, 1, Map.of("default", 1L), Map.of(),
                Map.of("l1", 1000L, "l2", 8000L));
        StringWriter w = new StringWriter();
        MachineFile.write(m, w);
        assertThat(w.toString()).contains("cache.l1.bytes=1000").contains("cache.l2.bytes=8000");
        assertThat(parse(w.toString())).isEqualTo(m);
        assertThat(m.cacheLevel(1000)).isEqualTo("l1");
        assertThat(m.cacheLevel(1001)).isEqualTo("l2");
        assertThat(m.cacheLevel(8001)).isEqualTo(MachineModel.OUT_OF_CACHE);
        assertThat(m.withSeed(3).caches()).isEqualTo(m.caches());
        assertThat(parse("machine.format=1\nprocessors=1\nclock.hz=1\n").cacheLevel(1e12)).isNull(); // no sizes: nothing to price
        // version 1 has no cache keys; sizes are whole bytes
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=1\nclock.hz=1\ncache.l1.bytes=10\n")).hasMessageContaining("unknown key cache.l1.bytes");
        assertThatThrownBy(() -> parse("machine.format=2\nprocessors=1\nclock.hz=1\ncache.l1.bytes=0\n")).hasMessageContaining("≥ 1 byte");
    }

    @Test
    void rejectsWhatItDoesNotKnowInOneLine() {
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=4\nclock.hz=2e9\nprocesors=8\n"))
                .isInstanceOf(MachineFileException.class).hasMessageStartingWith("m.properties: unknown key procesors");
        assertThatThrownBy(() -> parse("processors=4\n")).hasMessageContaining("no machine.format");
        assertThatThrownBy(() -> parse("machine.format=" + (MachineFile.VERSION + 1) + "\nprocessors=4\nclock.hz=1\n")).hasMessageContaining("newer");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=0\nclock.hz=1\n")).hasMessageContaining("processors must be at least 1");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=1\nclock.hz=fast\n")).hasMessageContaining("clock.hz must be a number");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=1\nclock.hz=1\ncost.lock=-3\n")).hasMessageContaining("≥ 0");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=1\nclock.hz=1\nscheduling=lottery\n")).hasMessageContaining("fifo, round-robin or random");
    }

    @Test
    void theWakeTableRoundTripsAndIsAStep() throws Exception {
        WakeTable t = new WakeTable(new long[] {0, 400_000, 5_000_000}, new long[] {116_000, 1_067_000, 1_414_000}, new long[] {1_200_000, 2_550_000, 3_950_000});
        MachineModel m = new MachineModel("box", 2, 1e11, MachineModel.Scheduling.FIFO, 5000, 0, 1, Map.of("default", 1L), Map.of(), Map.of(), t);
        StringWriter w = new StringWriter();
        MachineFile.write(m, w);
        assertThat(w.toString()).contains("wake.remote.idle.400000.cost=1067000").contains("wake.remote.idle.400000.latency=2550000");
        MachineModel back = parse(w.toString());
        assertThat(back).isEqualTo(m);
        assertThat(back.wakeIdle().costAt(399_999)).isEqualTo(116_000);
        assertThat(back.wakeIdle().costAt(400_000)).isEqualTo(1_067_000);
        assertThat(back.wakeIdle().latencyAt(1e9)).isEqualTo(3_950_000);
        assertThat(back.wakeIdle().dearest()).isEqualTo(3_950_000);
        assertThat(back.withProcessors(1).withSeed(3).wakeIdle()).isEqualTo(t);
        assertThat(parse("machine.format=2\nprocessors=1\nclock.hz=1\n").wakeIdle().isEmpty()).isTrue(); // older files: none
    }

    @Test
    void aWakeTableNeedsVersion3AndWholeRows() {
        assertThatThrownBy(() -> parse("machine.format=2\nprocessors=1\nclock.hz=1\nwake.remote.idle.0.cost=5\nwake.remote.idle.0.latency=9\n"))
                .hasMessageContaining("unknown key wake.remote.idle.0");
        assertThatThrownBy(() -> parse("machine.format=3\nprocessors=1\nclock.hz=1\nwake.remote.idle.0.cost=5\n"))
                .hasMessageContaining("wake.remote.idle.0.latency is missing");
        assertThatThrownBy(() -> parse("machine.format=3\nprocessors=1\nclock.hz=1\nwake.remote.idle.soon.cost=5\nwake.remote.idle.soon.latency=5\n"))
                .hasMessageContaining("whole number of cycles");
        for (String key : new String[] {"wake.remote.idle.cost", "wake.remote.idle.latency"}) { // no idle time between the dots: one line, not an index error
            assertThatThrownBy(() -> parse("machine.format=3\nprocessors=1\nclock.hz=1\n" + key + "=5\n"))
                    .isInstanceOf(MachineFileException.class).hasMessageContaining(key).hasMessageContaining("whole number of cycles");
        }
        // 5 and 05 are one idle time: two values for one row are an error, not one silently dropped
        assertThatThrownBy(() -> parse("machine.format=3\nprocessors=1\nclock.hz=1\nwake.remote.idle.5.cost=1\nwake.remote.idle.05.cost=2\nwake.remote.idle.5.latency=3\n"))
                .isInstanceOf(MachineFileException.class).hasMessageContaining("given twice");
        assertThatThrownBy(() -> parse("machine.format=3\nprocessors=1\nclock.hz=1\nwake.remote.idle.0.cost=-5\nwake.remote.idle.0.latency=5\n"))
                .hasMessageContaining("≥ 0");
    }

    static final String JIT_KEYS = """
            jit.c1.cycles-per-byte=150000.0
            jit.c2.cycles-per-byte=2500000.0
            jit.interpreter.factor=25.0
            jit.c1.factor=2.5
            jit.tier3.invocations=200
            jit.tier3.min-invocations=100
            jit.tier3.compile=2000
            jit.tier3.back-edges=60000
            jit.tier4.invocations=5000
            jit.tier4.min-invocations=600
            jit.tier4.compile=15000
            jit.tier4.back-edges=40000
            """;

    @Test
    void theJitTermRoundTripsInVersion4AndOlderFilesHaveNone() throws Exception {
        MachineModel m = parse("machine.format=4\nprocessors=1\nclock.hz=1e11\n" + JIT_KEYS);
        assertThat(m.jit().c2CyclesPerByte()).isEqualTo(2.5e6);
        assertThat(m.jit().tier4()).isEqualTo(new JitCosts.Thresholds(5000, 600, 15000, 40000));
        StringWriter w = new StringWriter();
        MachineFile.write(m, w);
        assertThat(w.toString()).startsWith("# Wholetrace machine model (docs/machine-model.md)\nmachine.format=4\n");
        assertThat(parse(w.toString())).isEqualTo(m);
        assertThat(parse("machine.format=3\nprocessors=1\nclock.hz=1e11\n").jit().isNone()).isTrue();
        MachineModel none = parse("machine.format=4\nprocessors=1\nclock.hz=1e11\n");
        StringWriter w2 = new StringWriter();
        MachineFile.write(none, w2);
        assertThat(w2.toString()).doesNotContain("jit.");
    }

    @Test
    void aJitTermNeedsVersion4AndEveryKey() {
        assertThatThrownBy(() -> parse("machine.format=3\nprocessors=1\nclock.hz=1e11\n" + JIT_KEYS))
                .isInstanceOf(MachineFileException.class).hasMessageContaining("unknown key jit.");
        assertThatThrownBy(() -> parse("machine.format=4\nprocessors=1\nclock.hz=1e11\n" + JIT_KEYS.replace("jit.c1.factor=2.5\n", "")))
                .isInstanceOf(MachineFileException.class).hasMessage("m.properties: the JIT term needs every jit.* key; missing jit.c1.factor");
        assertThatThrownBy(() -> parse("machine.format=4\nprocessors=1\nclock.hz=1e11\n" + JIT_KEYS.replace("jit.c1.factor=2.5", "jit.c1.factor=0.5")))
                .isInstanceOf(MachineFileException.class).hasMessageContaining("≥ 1");
        assertThatThrownBy(() -> parse("machine.format=4\nprocessors=1\nclock.hz=1e11\n" + JIT_KEYS.replace("jit.tier4.compile=15000", "jit.tier4.compile=-1")))
                .isInstanceOf(MachineFileException.class).hasMessageContaining("threshold");
    }
}
