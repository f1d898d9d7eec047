package dev.wholetrace.agent.runtime;

import dev.wholetrace.model.event.SyncKind;
import java.util.concurrent.CompletableFuture;

/**
 * CompletableFuture's dependent stages, seen at the program's calls: "actions taken by the
 * asynchronous computation happen-before dependent actions" and before a {@code join}/{@code
 * get} that returns its result. The program's action (the function of {@code thenApply}, {@code
 * thenAccept}, {@code thenRun}, {@code handle}, {@code whenComplete}, {@code exceptionally},
 * sync or async) is wrapped at the call ({@link SyncStageWrappers}): the wrapper acquires what
 * completed its source before the action runs, and releases its own completion address (the
 * wrapper's id, {@link #DONE}) after the action returned or threw, which is before the JDK completes
 * the dependent stage with the action's outcome. After the call returned the dependent stage, it is
 * mapped to the wrapper (weakly): a join of the stage, or an action of a later stage, acquires the
 * wrapper's completion and, recursively, what completed its source. {@code allOf(sources)} is
 * mapped to its sources: what completed each of them. A source is a stage, a future a {@code
 * supplyAsync}/{@code runAsync} returned (its task's end: {@link SyncTasks}), or both. This is
 * the fallback for when CompletableFuture itself is not hooked: otherwise the stage calls are not
 * instrumented at all (InstrumentationContext.handOversAtCallSites).
 */
public final class SyncStages {
    /** A stage's completion in its wrapper's address range: below the completer's completion. */
    static final long DONE = SyntheticOffsets.STAGE_DONE;

    private SyncStages() {}

    /** After the call returned {@code stage}: a join of it acquires what {@code wrapped} (a wrapper, allOf's sources) releases. */
    static Object staged(Object stage, Object wrapped, int site) {
        if (stage == null || Probes.recorder() == null) return stage;
        Object how = wrapped instanceof SyncStageWrappers.Stage ? wrapped : wrapped instanceof CompletableFuture<?>[] a ? a.clone() : null;
        if (how == null) return stage;
        try {
            RuntimeState.get().stages.put(stage, how);
        } catch (Throwable e) {
            Probes.fail(e);
        }
        return stage;
    }

    /** After a join of {@code future} (SyncTasks.joined), or before a dependent action: what completed it, if it is a stage or allOf's. */
    static void completed(Object future, int site) {
        Object how;
        try {
            how = RuntimeState.get().stages.get(future);
        } catch (Throwable e) {
            Probes.fail(e);
            return;
        }
        if (how instanceof SyncStageWrappers.Stage s) {
            HeapProbes.volatileAccess(s, DONE, site, SyncKind.VOLATILE_READ);
            SyncTasks.joined(s.source(), site);
        } else if (how instanceof Object[] sources) {
            for (Object source : sources) SyncTasks.joined(source, site);
        }
    }

    /** Before a wrapped action runs: what completed its source. */
    static void entering(SyncStageWrappers.Stage s) {
        SyncTasks.joined(s.source(), s.site());
    }

    /** After a wrapped action returned or threw: its stage's completion. */
    static void left(SyncStageWrappers.Stage s) {
        HeapProbes.volatileAccess(s, DONE, s.site(), SyncKind.VOLATILE_WRITE);
    }
}
