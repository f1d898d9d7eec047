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
    void rejectsWhatItDoesNotKnowInOneLine() {
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=4\nclock.hz=2e9\nprocesors=8\n"))
                .isInstanceOf(MachineFileException.class).hasMessageStartingWith("m.properties: unknown key procesors");
        assertThatThrownBy(() -> parse("processors=4\n")).hasMessageContaining("no machine.format");
        assertThatThrownBy(() -> parse("machine.format=2\nprocessors=4\nclock.hz=1\n")).hasMessageContaining("newer");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=0\nclock.hz=1\n")).hasMessageContaining("processors must be at least 1");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=1\nclock.hz=fast\n")).hasMessageContaining("clock.hz must be a number");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=1\nclock.hz=1\ncost.lock=-3\n")).hasMessageContaining("≥ 0");
        assertThatThrownBy(() -> parse("machine.format=1\nprocessors=1\nclock.hz=1\nscheduling=lottery\n")).hasMessageContaining("fifo, round-robin or random");
    }
}
