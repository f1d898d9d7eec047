package dev.wholetrace.agent.instrument;

import static dev.wholetrace.agent.instrument.MethodInstrumenter.push;

import dev.wholetrace.agent.runtime.CollectionProbes;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Calls of the application on JDK collections that are not thread-safe, as heap accesses (DOR, CDR,
 * ALL): an {@code INVOKEVIRTUAL}/{@code INVOKEINTERFACE} whose owner is a {@code java.util} type
 * (or {@code Iterable}) that one of {@link CollectionProbes#TRACKED} implements, of a method that
 * reads ({@link #READS}) or changes ({@link #WRITES}) the collection, gets a probe before it with the
 * receiver. The JDK is not instrumented, so a race inside an {@code ArrayList} is otherwise not seen
 * at all; here it is one race of the collection's contents, at the application's two call sites.
 * The site gets one instruction id per tracked class its owner admits, reserved in one block, whose
 * code-map text names the class: {@code COLLECTION_WRITE java.util.ArrayList List.add}
 * ({@link dev.wholetrace.model.event.HeapAccess} reads it). Method references ({@code list::add})
 * get a bridge probed the same way ({@link MethodReferenceBridges}).
 */
final class CollectionCallInstrumenter {
    static final String COLLECTIONS = "dev/wholetrace/agent/runtime/CollectionProbes";
    /** Methods that only read the collection (views and iterators are read when made; what they do later is not seen). */
    static final Set<String> READS = Set.of("size", "isEmpty", "get", "getOrDefault", "contains", "containsKey", "containsValue",
            "containsAll", "indexOf", "lastIndexOf", "iterator", "listIterator", "descendingIterator", "spliterator", "forEach", "stream",
            "parallelStream", "toArray", "getFirst", "getLast", "peek", "peekFirst", "peekLast", "element", "first", "last", "firstKey",
            "lastKey", "firstEntry", "lastEntry", "floor", "floorKey", "floorEntry", "ceiling", "ceilingKey", "ceilingEntry", "higher",
            "higherKey", "higherEntry", "lower", "lowerKey", "lowerEntry", "keySet", "navigableKeySet", "descendingKeySet", "values",
            "entrySet", "subList", "headSet", "tailSet", "subSet", "headMap", "tailMap", "subMap", "descendingMap", "descendingSet",
            "equals", "hashCode", "toString", "clone");
    /** Reads of the size alone ({@link CollectionProbes#readSize}): no element is read. */
    static final Set<String> SIZE_READS = Set.of("size", "isEmpty");
    /** Methods that may change the collection. */
    static final Set<String> WRITES = Set.of("add", "addAll", "addFirst", "addLast", "set", "remove", "removeAll", "removeIf", "retainAll",
            "clear", "put", "putAll", "putIfAbsent", "putFirst", "putLast", "replace", "replaceAll", "compute", "computeIfAbsent",
            "computeIfPresent", "merge", "offer", "offerFirst", "offerLast", "poll", "pollFirst", "pollLast", "pollFirstEntry",
            "pollLastEntry", "push", "pop", "removeFirst", "removeLast", "removeFirstOccurrence", "removeLastOccurrence", "sort",
            "trimToSize", "ensureCapacity");
    /** Owner (internal name) → the bits of the tracked classes it admits; 0 for none. Same for every recording. */
    private static final Map<String, Integer> MASKS = new ConcurrentHashMap<>();

    private CollectionCallInstrumenter() {}

    static void instrument(InsnList code, AbstractInsnNode n, MethodInstrumenter.Site site) {
        int op = n.getOpcode();
        if (!site.heap() || op != Opcodes.INVOKEVIRTUAL && op != Opcodes.INVOKEINTERFACE) return;
        MethodInsnNode call = (MethodInsnNode) n;
        if (!applies(call.owner, call.name)) return;
        probe(code, call, site.method(), siteIds(site, call.owner, call.name, "."));
    }

    /** Whether a call of {@code owner.name} is one this models (owner: the call's static type, internal name). */
    static boolean applies(String owner, String name) {
        return (WRITES.contains(name) || READS.contains(name)) && mask(owner) != 0;
    }

    /**
     * The instruction ids of a call (or a method reference, {@code separator} "::") at {@code site}:
     * one per tracked class {@code owner} admits, consecutive; returns the first.
     */
    static int siteIds(MethodInstrumenter.Site site, String owner, String name, String separator) {
        int mask = mask(owner);
        boolean write = WRITES.contains(name);
        String simpleOwner = owner.substring(owner.lastIndexOf('/') + 1);
        List<Class<?>> tracked = CollectionProbes.TRACKED;
        String[] texts = new String[Integer.bitCount(mask)];
        for (int k = 0, i = 0; k < tracked.size(); k++) {
            if ((mask & (1 << k)) != 0) {
                texts[i++] = (write ? "COLLECTION_WRITE " : "COLLECTION_READ ") + tracked.get(k).getName() + " " + simpleOwner + separator + name;
            }
        }
        return site.ids().instructions(site.method().name, site.method().desc, site.line(), site.bci(), texts);
    }

    /**
     * The probe before {@code call} (in method {@code m}): the arguments parked in fresh locals, the
     * receiver duplicated for {@code CollectionProbes.read/write(receiver, mask, firstSite)}, the
     * arguments reloaded. Straight-line and stack-neutral.
     */
    static void probe(InsnList code, MethodInsnNode call, MethodNode m, int firstSite) {
        int mask = mask(call.owner);
        boolean write = WRITES.contains(call.name);
        Type[] args = Type.getArgumentTypes(call.desc);
        int[] slots = SyncCallRewriter.parkArguments(m, args);
        InsnList before = new InsnList();
        SyncCallRewriter.storeArguments(before, args, slots);
        before.add(new InsnNode(Opcodes.DUP)); // the receiver, for the probe
        String list = listProbe(call);
        if (list == null) {
            before.add(push(mask));
            before.add(push(firstSite));
            String probe = write ? "write" : SIZE_READS.contains(call.name) ? "readSize" : "read";
            before.add(new MethodInsnNode(Opcodes.INVOKESTATIC, COLLECTIONS, probe, "(Ljava/lang/Object;II)V", false));
        } else if (list.equals("append")) {
            before.add(push(mask));
            before.add(push(firstSite));
            before.add(new MethodInsnNode(Opcodes.INVOKESTATIC, COLLECTIONS, list, "(Ljava/lang/Object;II)V", false));
        } else { // the index, then (accessAt) whether it writes
            before.add(new VarInsnNode(Opcodes.ILOAD, slots[0]));
            if (list.equals("accessAt")) before.add(new InsnNode(write ? Opcodes.ICONST_1 : Opcodes.ICONST_0));
            before.add(push(mask));
            before.add(push(firstSite));
            String desc = list.equals("accessAt") ? "(Ljava/lang/Object;IZII)V" : "(Ljava/lang/Object;III)V";
            before.add(new MethodInsnNode(Opcodes.INVOKESTATIC, COLLECTIONS, list, desc, false));
        }
        SyncCallRewriter.loadArguments(before, args, slots);
        code.insertBefore(call, before);
    }

    /**
     * The probe of a list call whose slots an ArrayList's model knows ({@link CollectionProbes}):
     * {@code accessAt} for {@code get(int)}/{@code set(int, E)}, {@code writeFrom} for
     * {@code add(int, E)}/{@code remove(int)}, {@code append} for {@code add(E)}/{@code addAll(Collection)};
     * null for the others (a map's {@code get(Object)}, a set's {@code add} on a non-list owner fall here too,
     * and the probe checks the receiver's class anyway).
     */
    private static String listProbe(MethodInsnNode call) {
        switch (call.name + call.desc) {
            case "get(I)Ljava/lang/Object;":
            case "set(ILjava/lang/Object;)Ljava/lang/Object;":
                return "accessAt";
            case "add(ILjava/lang/Object;)V":
            case "remove(I)Ljava/lang/Object;":
                return "writeFrom";
            case "add(Ljava/lang/Object;)Z":
            case "addAll(Ljava/util/Collection;)Z":
                return "append";
            default:
                return null;
        }
    }

    /** The tracked classes a receiver of static type {@code owner} may be, as bits in {@link CollectionProbes#TRACKED} order. */
    static int mask(String owner) {
        if (!owner.startsWith("java/util/") && !owner.equals("java/lang/Iterable")) return 0;
        if (owner.startsWith("java/util/concurrent/")) return 0; // thread-safe, or another helper's hand-overs
        return MASKS.computeIfAbsent(owner, o -> {
            Class<?> type;
            try {
                type = Class.forName(o.replace('/', '.'), false, null); // a JDK type: the bootstrap loader's, already loaded or harmless
            } catch (ClassNotFoundException | LinkageError e) {
                return 0;
            }
            int m = 0;
            List<Class<?>> tracked = CollectionProbes.TRACKED;
            for (int k = 0; k < tracked.size(); k++) if (type.isAssignableFrom(tracked.get(k))) m |= 1 << k;
            return m;
        });
    }
}
