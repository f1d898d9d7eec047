package dev.wholetrace.reader;

import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.format.wtrace.SymbolTag;
import java.util.Arrays;
import java.util.BitSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * S_synch: every sync operation of every thread in one total order, the order in which they took
 * their tickets inside the critical section (parallel-wpp-compression §2.1). Entry i is the
 * {@code op(i)}-th sync operation of thread {@code thread(i)}, which links it to that thread's WPP
 * through the sync counts. A barrier episode appears once per participant; {@link #firstOfEpisode}
 * marks the entry where the episode stands in the order (the first participant to leave it).
 */
public final class SyncOrder {
    private final long[] ticket;
    private final int[] thread;
    private final long[] op;
    private final long[] value;
    private final long[] object;
    private final long[] aux;
    private final BitSet episodeStarts = new BitSet();
    /** Per barrier episode (object, episode number), the threads that pass it, in S_synch order. */
    private final Map<List<Long>, List<Integer>> episodes = new HashMap<>();

    SyncOrder(long[] ticket, int[] thread, long[] op, long[] value, long[] object, long[] aux) {
        this.ticket = ticket;
        this.thread = thread;
        this.op = op;
        this.value = value;
        this.object = object;
        this.aux = aux;
        for (int i = 0; i < ticket.length; i++) {
            if (kind(i) != SyncKind.BARRIER) continue;
            List<Integer> passing = episodes.computeIfAbsent(List.of(object[i], aux[i]), k -> new ArrayList<>());
            if (passing.isEmpty()) episodeStarts.set(i);
            passing.add(thread[i]);
        }
    }

    public int size() {
        return ticket.length;
    }

    public long ticket(int i) {
        return ticket[i];
    }

    public int thread(int i) {
        return thread[i];
    }

    /** Index of this operation among its thread's sync operations. */
    public long op(int i) {
        return op[i];
    }

    public SyncKind kind(int i) {
        return SyncKind.byOrdinal(SymbolTag.syncKindOrdinal(value[i]));
    }

    public int site(int i) {
        return SymbolTag.syncSite(value[i]);
    }

    public long object(int i) {
        return object[i];
    }

    public long aux(int i) {
        return aux[i];
    }

    /** Whether entry i is a barrier whose episode has no earlier entry in the order. */
    public boolean firstOfEpisode(int i) {
        return episodeStarts.get(i);
    }

    /** The threads that pass the barrier episode of entry i (a barrier), in S_synch order. */
    public List<Integer> episodeParticipants(int i) {
        return Collections.unmodifiableList(episodes.get(List.of(object[i], aux[i])));
    }

    /** Barrier episodes: each is kept once per participant, the first of them marked. */
    public long barrierEpisodes() {
        return episodeStarts.cardinality();
    }

    /** The entry with this ticket, or -1. */
    public int indexOfTicket(long t) {
        int i = Arrays.binarySearch(ticket, t);
        return i >= 0 ? i : -1;
    }
}
