package dev.wholetrace.analysis.std;

/**
 * One event of RAPID's STD trace format: thread {@code thread} does {@code op} on {@code target} at
 * program location {@code location} (an instruction id for accesses, a sync site otherwise).
 */
public record StdEvent(int thread, Op op, Target target, int location) {
    /** STD's operations, with the names the format writes. */
    public enum Op {
        READ("r"), WRITE("w"), ACQUIRE("acq"), RELEASE("rel"), FORK("fork"), JOIN("join");

        public final String label;

        Op(String label) {
            this.label = label;
        }
    }

    /** What kind of thing a target is, and the letter its STD name starts with. */
    public enum Kind {
        /** A heap location: object id and offset. */
        VARIABLE('V', true),
        /** A lock (monitor or j.u.c lock): its object; for a read/write lock, its exclusive (write) side. */
        LOCK('L', false),
        /** The shared (read) side of a read/write lock as one thread holds it: the lock's object and the thread. */
        READ_LOCK('R', true),
        /** Any other release/acquire object, written as a lock. */
        SYNC_OBJECT('S', false),
        /**
         * A release/acquire object (volatile, semaphore, task, class initialization) as one acquiring
         * thread sees it: the object and the thread. Acquires take only their own; a release takes
         * every acquirer's, so acquirers are not ordered among themselves.
         */
        ACQUIRER('A', true),
        /** A latch's or phaser's object in one phase. */
        SYNC_PHASE('S', true),
        /** One episode of a barrier: its object and the episode number. */
        BARRIER_EPISODE('B', true),
        /** A thread, by index (fork and join). */
        THREAD('T', false);

        public final char letter;
        /** Whether the name carries {@link Target#part()} after the id. */
        public final boolean hasPart;

        Kind(char letter, boolean hasPart) {
            this.letter = letter;
            this.hasPart = hasPart;
        }
    }

    /** What an operation acts on. {@code part} is an offset, phase, episode or thread where the kind has one, else 0. */
    public record Target(Kind kind, long id, long part) {
        /** The target's STD identifier: the kind's letter, the id, and "_part" where the kind has a part. */
        public String name() {
            return appendName(new StringBuilder(24)).toString();
        }

        /** Appends {@link #name()} (a writer of millions of lines builds each in one buffer). */
        public StringBuilder appendName(StringBuilder out) {
            out.append(kind.letter).append(id);
            return kind.hasPart ? out.append('_').append(part) : out;
        }
    }
}
