package dev.wholetrace.agent.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.InstrumentingLoader;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads and stores of fields, statics and array elements are recorded with unique addresses:
 * (object id, field slot × 8) for fields, (array id, index × element size) for elements, so a
 * sweep over an array is an arithmetic progression; accesses that throw are not recorded.
 */
class HeapAccessTest {
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        Probes.install(null);
    }

    /** The HeapSubject classes, instrumented, in a loader of their own. */
    static ClassLoader instrumented(TraceRecorder rec) {
        return new InstrumentingLoader(rec, HeapSubject.class.getName());
    }

    static List<Event> accesses(Path file) throws Exception {
        return accesses(file, text -> true);
    }

    /** The loads and stores of thread 0 whose instruction's bytecode text passes {@code which}. */
    static List<Event> accesses(Path file, Predicate<String> which) throws Exception {
        ParallelTrace t = ParallelTrace.open(file);
        List<Event> out = new ArrayList<>();
        for (Iterator<Event> it = t.thread(0).events(); it.hasNext(); ) {
            Event e = it.next();
            if (e.isAccess() && which.test(t.code().instruction(e.id()).text())) out.add(e);
        }
        return out;
    }

    @Test
    void fieldsStaticsAndArrayElementsHaveUniqueAddresses() throws Exception {
        Path file = dir.resolve("heap.wtrace");
        Object sum;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            Class<?> c = instrumented(rec).loadClass(HeapSubject.class.getName());
            Object subject = c.getDeclaredConstructor().newInstance(); // not yet recording: allocation is quiet
            Probes.install(rec);
            sum = c.getMethod("sweep").invoke(subject);
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(sum).isEqualTo(0.0);
        List<Event> a = accesses(file);
        List<Event> elements = accesses(file, "DALOAD"::equals);
        assertThat(elements).hasSize(6);
        long array = Addresses.object(elements.get(0).address());
        for (int i = 0; i < 6; i++) assertThat(elements.get(i).address()).isEqualTo(Addresses.of(array, 8L * i));
        // row is read from the same field slot of the same object: 7 loop tests + 6 element reads.
        List<Event> row = accesses(file, t -> t.endsWith(".row"));
        assertThat(row).hasSize(13).extracting(Event::address).containsOnly(row.get(0).address());
        // hits = hits + 1: a load and a store of the same address; counter += 2: the same for the static.
        List<Event> stores = a.stream().filter(e -> e.type() == Event.Type.STORE).toList();
        assertThat(stores).hasSize(2);
        assertThat(Addresses.object(row.get(0).address())).isEqualTo(Addresses.object(stores.get(0).address())); // hits: same object
        for (Event s : stores) {
            assertThat(a.stream().filter(e -> e.type() == Event.Type.LOAD && e.address() == s.address())).hasSize(1);
        }
        assertThat(Addresses.object(stores.get(0).address())).isNotEqualTo(Addresses.object(stores.get(1).address()));
        assertThat(Addresses.object(stores.get(0).address())).isNotEqualTo(array);
    }

    @Test
    void accessesThatThrowAreNotRecorded() throws Exception {
        Path file = dir.resolve("failing.wtrace");
        int[] data = new int[3];
        Object caught;
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            Class<?> c = instrumented(rec).loadClass(HeapSubject.class.getName());
            Probes.install(rec);
            caught = c.getMethod("failing", int[].class).invoke(null, (Object) data);
            Probes.install(null);
            rec.thread().end();
        }
        assertThat(caught).isEqualTo(2);
        assertThat(data[1]).isEqualTo(7);
        Predicate<Event> elementStore = e -> e.type() == Event.Type.STORE;
        List<Event> stores = accesses(file).stream().filter(elementStore).toList();
        assertThat(stores).hasSize(1);
        assertThat(Addresses.offset(stores.get(0).address())).isEqualTo(4); // a[1], 4-byte ints
    }

    @Test
    void innerClassConstructorsStillVerify() throws Exception {
        try (TraceRecorder rec = TraceRecorder.open(dir.resolve("inner.wtrace"), RecorderConfig.defaults(TraceMode.CDR))) {
            ClassLoader loader = instrumented(rec);
            Class<?> outer = loader.loadClass(HeapSubject.class.getName());
            Class<?> inner = loader.loadClass(HeapSubject.Inner.class.getName());
            Probes.install(rec);
            Object o = outer.getDeclaredConstructor().newInstance();
            Object i = inner.getConstructor(outer, int.class).newInstance(o, 5);
            assertThat(inner.getDeclaredField("v").getInt(i)).isEqualTo(5);
            Probes.install(null);
        }
    }
}
