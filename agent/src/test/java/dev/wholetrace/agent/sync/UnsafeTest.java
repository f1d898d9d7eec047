package dev.wholetrace.agent.sync;

import static dev.wholetrace.model.event.SyncKind.VOLATILE_READ;
import static dev.wholetrace.model.event.SyncKind.VOLATILE_WRITE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.Event;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code sun.misc.Unsafe}'s volatile, ordered and atomic accesses are volatile accesses of the field
 * or element they name, at the address a direct access of it is recorded at; plain accesses, offsets
 * the program never got from {@code objectFieldOffset}, and offsets that are no element's start
 * record nothing.
 */
@Timeout(120)
class UnsafeTest extends RecordingTest {
    @Test
    void accessesMeetTheFieldsAndElementsTheyName() throws Exception {
        Recording r = Recording.of(dir.resolve("unsafe.wtrace"), UnsafeSubject.class, c -> c.getMethod("accesses").invoke(null));
        assertThat(r.list()).containsExactly(true, 1, 2, 2, null, true, 5L, 7L, 0, 0, "d");
        List<Event> main = r.syncs(Thread.currentThread().getName());
        List<Event> ops = main.stream().filter(e -> e.kind() == VOLATILE_READ || e.kind() == VOLATILE_WRITE).toList();
        assertThat(ops).extracting(Event::kind).containsExactly(
                VOLATILE_WRITE, VOLATILE_READ, VOLATILE_READ, VOLATILE_WRITE, VOLATILE_READ, // s.state: CAS, get, put, direct read
                VOLATILE_WRITE, VOLATILE_READ, // s.ref: getAndSet
                VOLATILE_WRITE, VOLATILE_READ, VOLATILE_WRITE, VOLATILE_READ, // s.count: CAS, getAndAdd
                VOLATILE_WRITE, VOLATILE_READ, // s.state: putIntVolatile; s.count: direct read
                VOLATILE_READ, VOLATILE_READ, // the static flag: through its base, directly
                VOLATILE_WRITE, VOLATILE_READ); // longs[2], objects[3]
        long state = ops.get(0).object();
        for (int i = 1; i < 5; i++) assertThat(ops.get(i).object()).as("op %d on s.state", i).isEqualTo(state);
        long ref = ops.get(5).object();
        assertThat(ops.get(6).object()).isEqualTo(ref);
        assertThat(Addresses.object(ref)).isEqualTo(Addresses.object(state));
        assertThat(Addresses.offset(ref)).isNotEqualTo(Addresses.offset(state));
        long count = ops.get(7).object();
        for (int i = 8; i < 11; i++) assertThat(ops.get(i).object()).as("op %d on s.count", i).isEqualTo(count);
        assertThat(ops.get(11).object()).as("putIntVolatile of s.state").isEqualTo(state);
        assertThat(ops.get(12).object()).as("the direct read of s.count").isEqualTo(count);
        assertThat(count).isNotIn(state, ref);
        assertThat(ops.get(13).object()).as("the static, through its base and directly").isEqualTo(ops.get(14).object());
        assertThat(Addresses.offset(ops.get(15).object())).as("longs[2]: index × 8").isEqualTo(16);
        assertThat(Addresses.offset(ops.get(16).object())).as("objects[3]: index × 4").isEqualTo(12);
        assertThat(ops).extracting(e -> r.site(e)).contains("Unsafe.compareAndSwapInt", "Unsafe.putOrderedLong", "Unsafe.getObjectVolatile");
    }
}
