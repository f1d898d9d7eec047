package dev.wholetrace.agent.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.InstrumentingLoader;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A volatile field is a sync location: its write is a release before the write, its read an
 * acquire after the read (in every mode, COR too), and neither is a data access. A field reached
 * through a subclass-typed reference has the address of its declaring class's field.
 */
class VolatileAndInheritedFieldsTest {
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        Probes.install(null);
    }

    private ParallelTrace record(TraceMode mode, String method, Object expected) throws Exception {
        Path file = dir.resolve(method + "-" + mode + ".wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(mode))) {
            Class<?> c = new InstrumentingLoader(rec, VolatileSubject.class.getName()).twin(VolatileSubject.class);
            Probes.install(rec);
            assertThat(c.getMethod(method).invoke(null)).isEqualTo(expected);
            Probes.install(null);
            rec.thread().end();
        }
        return ParallelTrace.open(file);
    }

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"COR", "CDR"})
    void aVolatileWriteIsAReleaseAndTheReadThatSawItComesAfterIt(TraceMode mode) throws Exception {
        ParallelTrace t = record(mode, "publish", 42);
        SyncOrder order = t.syncOrder();
        int write = -1;
        int lastRead = -1;
        for (int i = 0; i < order.size(); i++) {
            if (order.kind(i) == SyncKind.VOLATILE_WRITE) write = i;
            if (order.kind(i) == SyncKind.VOLATILE_READ) lastRead = i;
        }
        assertThat(write).as("the volatile write").isNotNegative();
        assertThat(lastRead).as("the read that saw true comes after the write").isGreaterThan(write);
        assertThat(order.object(lastRead)).isEqualTo(order.object(write));
        assertThat(t.threads().get(order.thread(write)).name()).isEqualTo("writer");
        if (mode == TraceMode.CDR) {
            for (int th = 0; th < t.threads().size(); th++) {
                for (Iterator<Event> it = t.thread(th).events(); it.hasNext(); ) {
                    Event e = it.next();
                    if (e.isAccess()) assertThat(t.code().instruction(e.id()).text()).doesNotContain("volatile");
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = TraceMode.class, names = {"CDR"})
    void aFieldHasOneAddressWhateverTypeNamesIt(TraceMode mode) throws Exception {
        ParallelTrace t = record(mode, "inherited", 5);
        List<Event> accesses = new ArrayList<>();
        for (Iterator<Event> it = t.thread(0).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.isAccess()) accesses.add(e);
        }
        assertThat(accesses).extracting(Event::type).containsExactly(Event.Type.STORE, Event.Type.LOAD);
        assertThat(accesses.get(1).address()).isEqualTo(accesses.get(0).address());
    }
}
