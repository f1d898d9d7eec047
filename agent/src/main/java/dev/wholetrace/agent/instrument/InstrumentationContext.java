package dev.wholetrace.agent.instrument;

import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.recorder.TraceRecorder;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the instrumentation of one recording shares across classes: the recorder its code map and
 * metadata go to, the numbering of blocks and instruction sites, of fields (addresses), of classes
 * with an initializer and of static synchronized methods whose class cannot be LDC'd (the runtime's
 * slot tables), and each class loader's field resolution. The agent makes one in premain and hands
 * it to every {@link ClassInstrumenter}; the numbers are stable for the whole run and unique within
 * it. Classes load on several threads at once: every part is thread-safe.
 */
public final class InstrumentationContext {
    private final TraceRecorder recorder;
    private final AtomicInteger blockIds = new AtomicInteger();
    private final AtomicInteger instructionIds = new AtomicInteger(1); // site 0 means "no site"
    private final Slots fieldSlots = new Slots();
    private final Slots classSlots = new Slots();
    private final AtomicInteger classMonitorSlots = new AtomicInteger();
    private final Map<ClassLoader, FieldResolver> resolvers = Collections.synchronizedMap(new WeakHashMap<>());
    /**
     * Whether the JDK's own classes record their hand-overs (agent/…/jdk): then the call-site models
     * of the same hand-overs (fork/join, CompletableFuture stages) are left out of classes instrumented
     * from then on. Set before the application's transformer is added, so no class sees both.
     */
    private volatile boolean hookedInJdk;

    /** Instrumentation for {@code recorder}: code-map entries and metadata go there; its mode says whether heap accesses are probed. */
    public InstrumentationContext(TraceRecorder recorder) {
        this.recorder = recorder;
    }

    /** A new block id, with its code-map entry. */
    int block(String className, String method, String descriptor, int line, int bci, String text) {
        int id = blockIds.getAndIncrement();
        recorder.defineBlock(new CodeEntry(id, className, method, descriptor, line, bci, text));
        return id;
    }

    /** A new instruction (site) id, with its code-map entry. */
    public int instruction(String className, String method, String descriptor, int line, int bci, String text) {
        int id = instructionIds.getAndIncrement();
        recorder.defineInstruction(new CodeEntry(id, className, method, descriptor, line, bci, text));
        return id;
    }

    /** Consecutive instruction ids, one per text (a collection call's site per class it may be): the first. */
    int instructions(String className, String method, String descriptor, int line, int bci, String[] texts) {
        int first = instructionIds.getAndAdd(texts.length);
        for (int i = 0; i < texts.length; i++) recorder.defineInstruction(new CodeEntry(first + i, className, method, descriptor, line, bci, texts[i]));
        return first;
    }

    /** Whether loads and stores are probed (not in COR, which does not keep them). */
    boolean heap() {
        return recorder.mode().keepsAccesses();
    }

    /**
     * Says that the hooks inside the JDK (ForkJoinTask, ForkJoinPool, CountedCompleter,
     * CompletableFuture, …) record the hand-overs (the bridge is on the bootstrap class path and its
     * sink installed): classes instrumented from now on get none of the call-site models of those
     * hand-overs, which would record the same edges a second time (docs/agent.md, "Fork/join inside
     * the JDK", "CompletableFuture inside the JDK").
     */
    public void hookedInJdk() {
        hookedInJdk = true;
    }

    /**
     * Whether the hand-overs the JDK hooks cover are modelled at the application's calls instead
     * (fork/join, CompletableFuture stages): only when the JDK's own classes are not hooked.
     */
    boolean handOversAtCallSites() {
        return !hookedInJdk;
    }

    /** A note in the trace's metadata (a method probed coarsely). */
    void property(String key, String value) {
        recorder.property(key, value);
    }

    /** Field → offset in its object's address range: one 8-byte slot per (declaring class, name). */
    int fieldOffset(String declaringClass, String name) {
        return fieldSlots.of(declaringClass + '.' + name) * 8;
    }

    /** A class with a static initializer (internal name) → its slot in the runtime's class-init table. */
    int classSlot(String internalName) {
        return classSlots.of(internalName);
    }

    /** A new slot in the runtime's table of class monitors (static synchronized methods of pre-Java-5 class files). */
    int classMonitorSlot() {
        return classMonitorSlots.getAndIncrement();
    }

    /** Where {@code loader}'s classes declare their fields (the bootstrap loader: null). */
    FieldResolver fields(ClassLoader loader) {
        return loader == null ? new FieldResolver(null) : resolvers.computeIfAbsent(loader, FieldResolver::new);
    }

    /** Key → a number of its own, from 0. The map's size is no safe source of new numbers: classes load concurrently. */
    private static final class Slots {
        private final Map<String, Integer> slots = new ConcurrentHashMap<>();
        private final AtomicInteger next = new AtomicInteger();

        int of(String key) {
            return slots.computeIfAbsent(key, k -> next.getAndIncrement());
        }
    }
}
