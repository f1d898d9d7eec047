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
 * fields no probe ever records, so the address is free. An {@code ArrayList}'s slots get one more
 * location each ({@link #accessAt}), so that setting different slots is no race. Two threads adding to one ArrayList without
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
     * Before a reading call ({@code iterator}, {@code contains}, {@code toString}, …) on {@code receiver}:
     * {@code mask} has the bit of each tracked class the call's static type admits, {@code firstSite}
     * is the site id of the lowest one, the others follow in bit order.
     */
    public static void read(Object receiver, int mask, int firstSite) {
        int site = site(receiver, mask, firstSite);
        if (site < 0) return;
        HeapProbes.access(receiver, 0, site, false); // the collection's structure: offset 0
        if (receiver.getClass() == ArrayList.class) { // iterator, contains, toString, ... read every slot
            for (int i = 0, n = ((ArrayList<?>) receiver).size(); i < n; i++) HeapProbes.access(receiver, element(i), site, false);
        }
    }

    /**
     * Before {@code size()} or {@code isEmpty()}: these read only the structure, so on an
     * {@code ArrayList} they do not load its slots (a loop {@code i < list.size()} stays linear).
     */
    public static void readSize(Object receiver, int mask, int firstSite) {
        int site = site(receiver, mask, firstSite);
        if (site >= 0) HeapProbes.access(receiver, 0, site, false);
    }

    /**
     * Before a writing call ({@code put}, {@code remove}, {@code clear}, {@code sort}, …). On an
     * {@code ArrayList} also a store of each slot up to its size (one past the last: an insertion's
     * new slot), so that a later read of a slot finds this call as its writer.
     */
    public static void write(Object receiver, int mask, int firstSite) {
        structural(receiver, 0, mask, firstSite);
    }

    /** Before {@code add(index, e)} or {@code remove(index)} on a list: on an ArrayList the slots from {@code index} on move. */
    public static void writeFrom(Object receiver, int index, int mask, int firstSite) {
        structural(receiver, Math.max(index, 0), mask, firstSite);
    }

    /**
     * Before {@code add(e)} or {@code addAll(c)}: on an ArrayList they append, so of the slots only the
     * first new one is stored (the others an {@code addAll} fills get none: their reads still read
     * the structure, which this call writes, so no race is missed; {@code deps} shows them without a writer).
     */
    public static void append(Object receiver, int mask, int firstSite) {
        structural(receiver, -1, mask, firstSite);
    }

    /**
     * Before {@code get(index)} ({@code write} false) or {@code set(index, e)} (true) on a list. On an
     * {@code ArrayList} these touch one slot of its array and only read its size and array, so they
     * are a read of the structure (offset 0) and a load or store of the element's own location:
     * two threads setting different slots do not race (Guava's {@code CollectionFuture} does that),
     * while {@code set} still races with {@code add}, with {@code get} of its slot and with every
     * whole-list read ({@link #read} loads each element). Other lists: the whole contents, as before.
     */
    public static void accessAt(Object receiver, int index, boolean write, int mask, int firstSite) {
        int site = site(receiver, mask, firstSite);
        if (site < 0) return;
        if (receiver.getClass() != ArrayList.class) {
            HeapProbes.access(receiver, 0, site, write);
            return;
        }
        ArrayList<?> list = (ArrayList<?>) receiver;
        HeapProbes.access(receiver, 0, site, false);
        if (index >= 0 && index < list.size()) HeapProbes.access(receiver, element(index), site, write); // else the call throws
    }

    /** A store of the structure and, on an ArrayList, of its slots {@code from} (-1: the size) to the size. */
    private static void structural(Object receiver, int from, int mask, int firstSite) {
        int site = site(receiver, mask, firstSite);
        if (site < 0) return;
        HeapProbes.access(receiver, 0, site, true);
        if (receiver.getClass() != ArrayList.class) return;
        int n = ((ArrayList<?>) receiver).size();
        for (int i = from < 0 ? n : from; i <= n; i++) HeapProbes.access(receiver, element(i), site, true);
    }

    /** The pseudo-location of an ArrayList's slot {@code index}, after the structure's offset 0. */
    private static long element(int index) {
        return (index + 1L) * Long.BYTES;
    }

    /** The instruction id of the call for {@code receiver}'s class, or -1 when it is not one this models. */
    private static int site(Object receiver, int mask, int firstSite) {
        if (receiver == null) return -1; // a null receiver throws in the call itself
        Class<?> c = receiver.getClass();
        int k = 0;
        while (k < CLASSES.length && CLASSES[k] != c) k++;
        if (k == CLASSES.length || (mask & (1 << k)) == 0) return -1;
        return firstSite + Integer.bitCount(mask & ((1 << k) - 1));
    }
}
