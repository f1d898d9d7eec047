package dev.wholetrace.bench;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which a recorded run's threads took their locks: (thread, site) per lock
 * acquisition, in the trace's sync order. {@code bench ewpp} recovers the eWPP and the address
 * trace from two runs of the same program; where those runs took their locks in another order a
 * load may read another thread's store, so their edges can differ with both recoveries right.
 */
final class LockOrder {
    private LockOrder() {}

    static List<Long> of(TraceView trace) {
        SyncOrder o = trace.syncOrder();
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < o.size(); i++) if (o.kind(i) == SyncKind.LOCK) out.add((long) o.thread(i) << 32 | (o.site(i) & 0xFFFF_FFFFL));
        return out;
    }
}
