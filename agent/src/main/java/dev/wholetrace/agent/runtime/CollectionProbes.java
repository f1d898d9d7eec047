package dev.wholetrace.agent.runtime;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.WeakHashMap;

/**
 * Calls of the application on a JDK collection that is not thread-safe ({@link #TRACKED}, matched by
 * exact run-time class: an application subclass is not one of them), recorded as a read or a write
 * of one pseudo-location of the collection, (its id, offset 0): a collection's own fields are JDK
 * fields no probe ever records, so the address is free. Two threads adding to one ArrayList without
 * synchronization then race there, once per pair of call sites, at the application's lines. The
 * instrumenter gives a call site one instruction id per tracked class its static type admits, in
 * {@link #TRACKED} order, so the code map names the collection's class.
 */
public final class CollectionProbes {
    /** The collections modelled, in the order of the bits of a call site's mask. At most 31. */
    public static final List<Class<?>> TRACKED = List.of(ArrayList.class, LinkedList.class, ArrayDeque.class, PriorityQueue.class,
            HashMap.class, LinkedHashMap.class, TreeMap.class, IdentityHashMap.class, WeakHashMap.class, HashSet.class,
            LinkedHashSet.class, TreeSet.class);
    private static final Class<?>[] CLASSES = TRACKED.toArray(new Class<?>[0]);

    private CollectionProbes() {}

    /**
     * Before a reading call ({@code size}, {@code get}, {@code iterator}, …) on {@code receiver}:
     * {@code mask} has the bit of each tracked class the call's static type admits, {@code firstSite}
     * is the site id of the lowest one, the others follow in bit order.
     */
    public static void read(Object receiver, int mask, int firstSite) {
        access(receiver, mask, firstSite, false);
    }

    /** Before a writing call ({@code add}, {@code put}, {@code remove}, {@code clear}, …). */
    public static void write(Object receiver, int mask, int firstSite) {
        access(receiver, mask, firstSite, true);
    }

    private static void access(Object receiver, int mask, int firstSite, boolean write) {
        if (receiver == null) return; // a null receiver throws in the call itself
        Class<?> c = receiver.getClass();
        int k = 0;
        while (k < CLASSES.length && CLASSES[k] != c) k++;
        if (k == CLASSES.length || (mask & (1 << k)) == 0) return;
        int site = firstSite + Integer.bitCount(mask & ((1 << k) - 1));
        if (write) HeapProbes.store(receiver, 0, site); // the collection's one location: offset 0
        else HeapProbes.load(receiver, 0, site);
    }
}
