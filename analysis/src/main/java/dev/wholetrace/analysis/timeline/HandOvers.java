package dev.wholetrace.analysis.timeline;

import dev.wholetrace.analysis.hb.SyncClocks;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.SyncOrder;
import java.util.HashMap;
import java.util.Map;

/**
 * Which earlier releases an acquire in S_synch receives, drawn as one arrow each: the
 * happens-before hand-overs of {@code analysis/hb/SyncClocks}, minus the ones an earlier arrow
 * already showed. A release publishes on its object (a latch on (object, phase)); an acquire
 * receives every release of the object by another thread that came after this thread's previous
 * acquire of it; a shared (read) lock receives only exclusive releases; an exclusive lock receives
 * everything since the previous exclusive lock, whose unlock already carries the older releases.
 * Fork → begin and end → join are ordinary pairs on the thread object. Barriers are not hand-overs
 * of one thread to another; {@link Timeline} draws an episode as one chain.
 *
 * <p>Memory: per sync object, the latest release of each thread that released it and each
 * acquirer's last acquire: bounded by the distinct sync objects and their users, not the trace.
 */
final class HandOvers {
    private final Map<Object, Channel> channels = new HashMap<>();

    /** One sync object's latest release per releasing thread and each acquirer's last acquire. */
    private static final class Channel {
        int[] releaser = new int[2];
        int[] release = new int[2];
        boolean[] exclusive = new boolean[2];
        int releasers;
        final Map<Integer, Integer> lastAcquire = new HashMap<>();

        void released(int thread, int entry, boolean excl) {
            for (int k = 0; k < releasers; k++) {
                if (releaser[k] == thread) {
                    release[k] = entry;
                    exclusive[k] = excl;
                    return;
                }
            }
            if (releasers == releaser.length) {
                releaser = java.util.Arrays.copyOf(releaser, releasers * 2);
                release = java.util.Arrays.copyOf(release, releasers * 2);
                exclusive = java.util.Arrays.copyOf(exclusive, releasers * 2);
            }
            releaser[releasers] = thread;
            release[releasers] = entry;
            exclusive[releasers++] = excl;
        }
    }

    /**
     * Feeds the cursor's current entry and, for an acquire, writes the S_synch entries of the
     * releases it receives into {@code sources} (grown when too small: the array to use is returned
     * through {@link #sources()}); returns how many.
     */
    int next(SyncOrder.Cursor at) {
        SyncKind kind = at.kind();
        if (kind == null || kind.role == SyncKind.Role.BARRIER) return 0;
        Object key = SyncClocks.channel(at);
        boolean shared = SyncClocks.shared(at);
        int t = at.thread();
        int entry = at.index();
        if (kind.role == SyncKind.Role.RELEASE) {
            channels.computeIfAbsent(key, k -> new Channel()).released(t, entry, !shared);
            return 0;
        }
        Channel c = channels.get(key);
        if (c == null) return 0;
        int after = c.lastAcquire.getOrDefault(t, -1);
        int n = 0;
        for (int k = 0; k < c.releasers; k++) {
            if (c.releaser[k] != t && c.release[k] > after && (!shared || c.exclusive[k])) {
                if (n == sources.length) sources = java.util.Arrays.copyOf(sources, n * 2);
                sources[n++] = c.release[k];
            }
        }
        if (kind == SyncKind.LOCK && !shared) {
            c.releasers = 0; // this holder's unlock will carry everything released before
            c.lastAcquire.clear();
        } else {
            c.lastAcquire.put(t, entry);
        }
        java.util.Arrays.sort(sources, 0, n);
        return n;
    }

    private int[] sources = new int[4];

    /** The sources of the last acquire {@link #next} saw (its first n entries). */
    int[] sources() {
        return sources;
    }
}
