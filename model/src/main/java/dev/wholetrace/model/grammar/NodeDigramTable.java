package dev.wholetrace.model.grammar;

/**
 * SEQUITUR's digram index ({@link SequiturGrammar}): an open-addressing hash table from a digram
 * (two adjacent symbols packed into a long, {@link DigramTable#key}) to the node index of its
 * first symbol. A slot is one long: the digram's 32-bit hash above the node index.
 * The digram itself is not stored: it is the node's symbol and its successor's, read from the
 * grammar's node array ({@code nodes}, passed to every lookup) when a slot's hash matches. Those
 * are the nodes SEQUITUR touches next anyway (a match reads the occurrence's neighbours, a removal
 * is of a digram the caller has just read), so the check costs little, and the table is half the
 * bytes of one that stores the key beside the node (16 bytes a slot): a chunk's table takes half
 * the cache (overhead-profile.md, session 39). Every entry is of a digram
 * that occurs at its node whenever the table is looked up (SequiturGrammar removes an entry before
 * it changes the node's successor or frees it; GrammarInvariants checks it), so a slot names
 * exactly the digram the old stored key did. Linear probing with backward-shift deletion leaves no
 * tombstones, so probe chains do not degrade as SEQUITUR deletes and re-creates digrams; the
 * stored hash gives each entry's home slot without hashing again.
 */
final class NodeDigramTable {
    static final int ABSENT = DigramTable.ABSENT;
    /** An empty slot: node -1 (no node has that index) in the low half. */
    private static final long EMPTY = -1L;
    /** Node array layout (SequiturGrammar): a node's successor is at {@code n + NEXT}. */
    private static final int NEXT = 1;

    private long[] slots; // hash << 32 | node, or EMPTY
    private int mask;     // over slot numbers
    private int size;

    NodeDigramTable(int expected) {
        int capacity = DigramTable.capacityFor(expected);
        slots = newSlots(capacity);
        mask = capacity - 1;
    }

    /**
     * Empties the table for about {@code expected} digrams: in place, unless the slots are more
     * than four times what that needs (then smaller ones, so a thread that went quiet gives back
     * what a busy chunk grew).
     */
    void clear(int expected) {
        int capacity = DigramTable.capacityFor(expected);
        if (mask + 1 > 4 * capacity) {
            slots = newSlots(capacity);
            mask = capacity - 1;
        } else {
            java.util.Arrays.fill(slots, EMPTY);
        }
        size = 0;
    }

    private static long[] newSlots(int capacity) {
        long[] s = new long[capacity];
        java.util.Arrays.fill(s, EMPTY);
        return s;
    }

    private static long key(int first, int second) {
        return DigramTable.key(first, second);
    }

    private static int hash(long key) {
        return DigramTable.hash(key);
    }

    private static int node(long slot) {
        return (int) slot;
    }

    private static long slot(int hash, int node) {
        return (long) hash << 32 | (node & 0xFFFF_FFFFL);
    }

    /**
     * Whether slot {@code v} is of digram {@code key}, whose hash is {@code h}: 0 if so, else not 0. The digram at the
     * slot's node is read only when the hashes match (a freed node's successor is -1 or another freed node), and its
     * comparison has no branch of its own: a slot of another digram with the same 32-bit hash, too rare to be seen while
     * C2 profiles, takes the branch every other digram's slot takes (probe on), where a branch of its own was compiled as
     * never taken and, once taken, threw the whole compiled method away (4 of a Jackson driver run's 43
     * deoptimizations, each of a ~115 KB compile of the compressors' walk; overhead-profile.md, sessions 50 and 51).
     */
    private static int mismatch(long v, int h, long key, int[] nodes) {
        int miss = (int) (v >>> 32) ^ h;
        if (miss == 0) {
            int node = node(v);
            int next = nodes[node + NEXT];
            int negative = next >> 31; // -1 for no successor, else 0
            miss = (nodes[node] ^ (int) (key >>> 32)) | (nodes[next & ~negative] ^ (int) key) | negative;
        }
        return miss;
    }

    /**
     * Returns the node stored for {@code key}, or stores {@code node} and returns ABSENT.
     * {@code node} holds the digram {@code key} (SequiturGrammar.check).
     */
    int putIfAbsent(long key, int node, int[] nodes) {
        long[] s = slots;
        int h = hash(key);
        int i = h & mask;
        while (true) {
            long v = s[i];
            if (v == EMPTY) {
                s[i] = slot(h, node);
                if (++size * 2 > mask + 1) grow();
                return ABSENT;
            }
            if (mismatch(v, h, key, nodes) == 0) return node(v);
            i = (i + 1) & mask;
        }
    }

    /** Stores {@code node} for {@code key}, replacing any earlier occurrence. */
    void put(long key, int node, int[] nodes) {
        long[] s = slots;
        int h = hash(key);
        int i = h & mask;
        while (true) {
            long v = s[i];
            if (v == EMPTY) {
                s[i] = slot(h, node);
                if (++size * 2 > mask + 1) grow();
                return;
            }
            if (mismatch(v, h, key, nodes) == 0) {
                s[i] = slot(h, node);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    int get(long key, int[] nodes) {
        long[] s = slots;
        int h = hash(key);
        int i = h & mask;
        while (true) {
            long v = s[i];
            if (v == EMPTY) return ABSENT;
            if (mismatch(v, h, key, nodes) == 0) return node(v);
            i = (i + 1) & mask;
        }
    }

    /**
     * Removes {@code key} only if it currently points at {@code node}: another occurrence stays.
     * {@code node} holds the digram {@code key} (SequiturGrammar removes a node's digram before
     * it changes the node's successor or frees it).
     */
    void removeIfMapsTo(long key, int node, int[] nodes) {
        long[] s = slots;
        int h = hash(key);
        int i = h & mask;
        while (true) {
            long v = s[i];
            if (v == EMPTY) return;
            if (v == slot(h, node)) { // the caller's node holds the key's digram: its own entry needs no check
                removeAt(i);
                return;
            }
            if (mismatch(v, h, key, nodes) == 0) return;
            i = (i + 1) & mask;
        }
    }

    private void removeAt(int hole) {
        long[] s = slots;
        size--;
        int i = hole;
        while (true) {
            i = (i + 1) & mask;
            long v = s[i];
            if (v == EMPTY) break;
            int home = (int) (v >>> 32) & mask;
            // Entry i may move into the hole unless its home lies cyclically in (hole, i]: distances from the hole,
            // one comparison, so that a probe chain wrapping past the table's end (rare) takes no branch of its own,
            // compiled as never taken (4 deoptimizations of SEQUITUR's compile a Jackson driver run, session 51).
            boolean stays = ((home - hole - 1) & mask) < ((i - hole) & mask);
            if (!stays) {
                s[hole] = v;
                hole = i;
            }
        }
        s[hole] = EMPTY;
    }

    private void grow() {
        long[] old = slots;
        int capacity = (mask + 1) * 2;
        long[] s = newSlots(capacity);
        mask = capacity - 1;
        for (long v : old) {
            if (v == EMPTY) continue;
            int i = (int) (v >>> 32) & mask;
            while (s[i] != EMPTY) i = (i + 1) & mask;
            s[i] = v;
        }
        slots = s;
    }

    int size() {
        return size;
    }

    long footprintBytes() {
        return slots.length * 8L;
    }

    /**
     * Visits every entry with the digram at its node now, and whether that digram's hash is the
     * one the entry was stored under (false: a stale entry); used by the invariants checker.
     */
    void forEach(int[] nodes, EntryVisitor visitor) {
        for (long v : slots) {
            if (v == EMPTY) continue;
            int n = node(v);
            int next = nodes[n + NEXT];
            long key = key(nodes[n], next < 0 ? -1 : nodes[next]);
            visitor.visit(key, n, next >= 0 && hash(key) == (int) (v >>> 32));
        }
    }

    interface EntryVisitor {
        void visit(long key, int node, boolean current);
    }
}
