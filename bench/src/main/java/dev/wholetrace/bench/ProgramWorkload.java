package dev.wholetrace.bench;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.synthetic.ControlFlowTrace;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The program side of the recorder benchmark: a synthetic but realistic event mix, emitted either
 * into a {@link ThreadRecorder} or, for the same-run baseline, into a plain long[] ring.
 *
 * <p>Per block of {@link ControlFlowTrace} (ids 0..53): the block; a load if its id is even
 * (instruction 100 + id, a stride-8 sweep over a 64 Ki-element array of the thread's own); a
 * store if id % 4 == 1 (instruction 200 + id, the element just loaded). About every
 * {@value #SYNC_EVERY} events the thread takes a real, shared {@link ReentrantLock} and records a
 * lock and an unlock inside it.
 */
final class ProgramWorkload {
    static final int SYNC_EVERY = 200;
    static final int LOCK_SITE = 1, UNLOCK_SITE = 2;
    static final long LOCK_OBJECT = 3;
    private static final int ELEMENTS = 1 << 16;

    /** Where the events go: the recorder or the baseline ring. */
    interface Emitter {
        void block(int id);

        void load(int instruction, long address);

        void store(int instruction, long address);

        void lock(int site, long object);

        void unlock(int site, long object);

        /** The thread's last event has been emitted. */
        void end();
    }

    static final class Recording implements Emitter {
        private final ThreadRecorder r;

        Recording(ThreadRecorder r) {
            this.r = r;
        }

        @Override public void block(int id) { r.block(id); }
        @Override public void load(int instruction, long address) { r.load(instruction, address); }
        @Override public void store(int instruction, long address) { r.store(instruction, address); }
        @Override public void lock(int site, long object) { r.lock(site, object); }
        @Override public void unlock(int site, long object) { r.unlock(site, object); }
        @Override public void end() { r.end(); }
    }

    /** The baseline: the same longs the recorder's buffer would get, into a ring that is never read. */
    static final class Ring implements Emitter {
        private static final int MASK = (1 << 16) - 1;
        private final long[] ring = new long[MASK + 1];
        private int pos;
        private long tickets;

        @Override public void block(int id) {
            ring[pos++ & MASK] = (long) id << 8 | 1;
        }

        @Override public void load(int instruction, long address) {
            ring[pos++ & MASK] = (long) instruction << 8 | 2;
            ring[pos++ & MASK] = address;
        }

        @Override public void store(int instruction, long address) {
            ring[pos++ & MASK] = (long) instruction << 8 | 3;
            ring[pos++ & MASK] = address;
        }

        @Override public void lock(int site, long object) {
            sync(site, 0, object);
        }

        @Override public void unlock(int site, long object) {
            sync(site, 1, object);
        }

        private void sync(int site, int kind, long object) {
            ring[pos++ & MASK] = (long) site << 16 | kind << 8 | 4;
            ring[pos++ & MASK] = object;
            ring[pos++ & MASK] = tickets++;
            ring[pos++ & MASK] = 0;
        }

        @Override public void end() {
            TraceCommand.blackhole += ring[pos & MASK];
        }
    }

    private ProgramWorkload() {}

    /** The event mix of {@link #run}: fractions of blocks, loads, stores and sync operations. */
    static double[] mix(long events) {
        long[] n = new long[4];
        Emitter counter = new Emitter() {
            @Override public void block(int id) { n[0]++; }
            @Override public void load(int instruction, long address) { n[1]++; }
            @Override public void store(int instruction, long address) { n[2]++; }
            @Override public void lock(int site, long object) { n[3]++; }
            @Override public void unlock(int site, long object) { n[3]++; }
            @Override public void end() { }
        };
        double total = run(counter, new ReentrantLock(), TraceCommand.SEED, 0, events);
        return new double[] {n[0] / total, n[1] / total, n[2] / total, n[3] / total};
    }

    /** Emits at least {@code events} events (whole blocks at a time); returns how many it emitted. */
    static long run(Emitter e, ReentrantLock lock, long seed, int thread, long events) {
        ControlFlowTrace cf = new ControlFlowTrace(seed);
        int[] blocks = new int[1024];
        long array = Addresses.of(16 + thread, 0);
        int index = 0;
        long n = 0;
        long nextSync = SYNC_EVERY;
        while (n < events) {
            cf.fill(blocks, blocks.length);
            for (int b : blocks) {
                e.block(b);
                n++;
                if ((b & 1) == 0) {
                    index = (index + 1) & (ELEMENTS - 1);
                    e.load(100 + b, array + 8L * index);
                    n++;
                }
                if ((b & 3) == 1) {
                    e.store(200 + b, array + 8L * index);
                    n++;
                }
                if (n >= nextSync) {
                    lock.lock();
                    try {
                        e.lock(LOCK_SITE, LOCK_OBJECT);
                        e.unlock(UNLOCK_SITE, LOCK_OBJECT);
                    } finally {
                        lock.unlock();
                    }
                    n += 2;
                    nextSync = n + SYNC_EVERY;
                }
            }
        }
        return n;
    }
}
