package dev.wholetrace.agent.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.agent.InstrumentingLoader;
import dev.wholetrace.agent.runtime.Probes;
import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.HeapAccess;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.TraceRecorder;
import dev.wholetrace.reader.ParallelTrace;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads of final instance fields are not recorded (JLS 17.5: they race with nothing once the
 * constructor finished), their writes are; calls on JDK collections that are not thread-safe are
 * accesses of the collection's contents at (its id, 0), named by the collection's class.
 */
class CollectionsAndFinalsTest {
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        Probes.install(null);
    }

    /** Runs {@code body} on an instrumented twin of {@code subject}; returns "TEXT@object+offset" per access of this thread. */
    private List<String> accesses(Class<?> subject, Body body) throws Exception {
        Path file = dir.resolve(subject.getSimpleName() + ".wtrace");
        try (TraceRecorder rec = TraceRecorder.open(file, RecorderConfig.defaults(TraceMode.CDR))) {
            Class<?> c = new InstrumentingLoader(rec, subject.getName()).twin(subject);
            Probes.install(rec);
            body.run(c);
            Probes.install(null);
            rec.thread().end();
        }
        ParallelTrace t = ParallelTrace.open(file);
        List<String> out = new ArrayList<>();
        for (Iterator<Event> it = t.thread(0).events(); it.hasNext(); ) {
            Event e = it.next();
            if (!e.isAccess()) continue;
            String text = t.code().instruction(e.id()).text();
            HeapAccess a = HeapAccess.of(t.code().instruction(e.id()));
            out.add(text + "|" + a.access() + " " + a.target(e.address()) + "|" + Addresses.offset(e.address()));
        }
        return out;
    }

    interface Body {
        void run(Class<?> subject) throws Exception;
    }

    @Test
    void finalFieldsAreWrittenButTheirReadsAreNotRecorded() throws Exception {
        List<String> a = accesses(FinalSubject.class, c -> {
            Object s = c.getConstructor(int.class).newInstance(3);
            assertThat(c.getMethod("sum").invoke(s)).isEqualTo(9);
        });
        assertThat(a).extracting(s -> s.substring(0, s.indexOf('|'))).containsExactly(
                "PUTFIELD dev.wholetrace.agent.heap.FinalSubject.fixed", "PUTFIELD dev.wholetrace.agent.heap.FinalSubject.plain",
                "GETFIELD dev.wholetrace.agent.heap.FinalSubject.plain");
    }

    @Test
    void callsOnJdkCollectionsAreAccessesOfTheirContents() throws Exception {
        List<String> a = accesses(CollectionSubject.class, c -> {
            Method calls = c.getMethod("calls", java.util.List.class, java.util.Map.class, ArrayList.class, java.util.Collection.class,
                    java.util.List.class, java.util.List.class);
            Object[] args = (Object[]) c.getMethod("arguments").invoke(null);
            assertThat(calls.invoke(null, args)).isEqualTo(2);
        });
        assertThat(a.stream().filter(s -> !s.startsWith("AASTORE")).toList()).as("besides arguments()' array").containsExactly(
                // an ArrayList's add also stores the slot it appends, at 8 × (index + 1) (the structure is at 0)
                "COLLECTION_WRITE java.util.ArrayList List.add|write ArrayList.<contents>|0",
                "COLLECTION_WRITE java.util.ArrayList List.add|write ArrayList.<contents>|8",
                "COLLECTION_READ java.util.ArrayList List.size|read ArrayList.<contents>|0",
                "COLLECTION_WRITE java.util.HashMap Map.put|write HashMap.<contents>|0",
                "COLLECTION_READ java.util.HashMap Map.get|read HashMap.<contents>|0",
                "COLLECTION_WRITE java.util.ArrayList ArrayList.add|write ArrayList.<contents>|0",
                "COLLECTION_WRITE java.util.ArrayList ArrayList.add|write ArrayList.<contents>|16",
                "COLLECTION_READ java.util.HashSet Collection.contains|read HashSet.<contents>|0",
                "COLLECTION_WRITE java.util.ArrayList List::add|write ArrayList.<contents>|0",
                "COLLECTION_WRITE java.util.ArrayList List::add|write ArrayList.<contents>|16");
    }
}
