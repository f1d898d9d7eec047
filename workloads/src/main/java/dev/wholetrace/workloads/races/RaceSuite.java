package dev.wholetrace.workloads.races;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A labelled suite of small multithreaded programs for race detection on a recorded trace, named
 * as DataRaceBench names its programs: a name ending in {@code Yes} has a data race in every run,
 * one ending in {@code No} has none.
 *
 * <h2>Conventions</h2>
 *
 * <ul>
 *   <li>Each program is a class of this package with {@code public static void main(String[])}
 *       that runs a few threads for well under 100 ms, prints one line that does not depend on the
 *       schedule (a -yes program prints {@code done} or a value that is the same in every run)
 *       and returns normally.
 *   <li>Races are meant in the happens-before sense of the trace: two accesses to the same
 *       variable (field of one object, static field, array element) from different threads, at
 *       least one a write, not ordered by program order and the synchronization the agent records
 *       (docs/agent.md). A -yes program makes each of its races happen whatever the schedule: the
 *       conflicting accesses always occur and nothing recorded ever orders them. A -no program has
 *       no such pair in any schedule, and orders its accesses only with constructs the agent
 *       records (no sleep or park/unpark hand-overs, no barrier actions; the JDK-internal hand-overs
 *       listed in {@link #NOT_YET_MODELLED} only in those programs).
 *   <li>{@code public static final String[] RACES} lists the variables that race, empty for a -no
 *       program: a field as {@code "Class.field"} (the simple name of the class that declares it;
 *       in this suite always the program class itself), an array element as {@code
 *       "Class.field[]"} (the field the array was loaded from; any element of that array), the
 *       contents of a JDK collection that is not thread-safe as {@code "ArrayList.<contents>"}
 *       (the collection's simple class name; docs/agent.md, calls on JDK collections).
 *       Volatile fields and atomics never race (they are synchronization, not data); a volatile
 *       field holding an array can name racing elements ({@code VolatileArrayYes}).
 *   <li>A program whose races include artifacts (parallel-wpp-compression Figure 7: races that
 *       only happen because an earlier race gave a thread the address it then touches) also has
 *       {@code public static final String[] ARTIFACTS}, entries {@code "artifact <- first"}: an
 *       element of RACES, then {@value #ARTIFACT_OF}, then the first race (itself in RACES and no
 *       artifact) it comes from. The other races of a program are first races.
 *   <li>Spinning on a plain field to make a race happen in every run is itself that race and is
 *       said so in the program's comment; such spins call {@code Thread.yield()} so that the JIT
 *       cannot hoist the read (yield orders nothing).
 * </ul>
 */
public final class RaceSuite {
    /** Separates an artifact from its first race in an {@code ARTIFACTS} entry. */
    public static final String ARTIFACT_OF = " <- ";

    /** Every program of the suite, -yes and -no, by topic. */
    public static final List<Class<?>> PROGRAMS = List.of(
            // plain and static fields
            FieldCounterYes.class, FieldCounterSyncNo.class, StaticFieldYes.class, LongFieldYes.class,
            DistinctObjectsNo.class, AdjacentFieldsNo.class, InheritedFieldYes.class,
            // arrays
            ArrayDisjointNo.class, ArrayOverlapYes.class, ArrayStrideNo.class, ByteArrayAdjacentNo.class,
            ArrayReadOnlyNo.class, ArrayNeighborYes.class,
            // volatile fields
            VolatilePublishNo.class, NonVolatilePublishYes.class, VolatileWrongOrderYes.class, VolatileArrayYes.class,
            VolatileCounterNo.class, SubscriptPublishNo.class, SubscriptVolatileYes.class,
            // artifact cascades
            ArtifactCascadeYes.class, ArtifactPointerYes.class, ArtifactChainYes.class,
            // start and join
            StartJoinNo.class, JoinMissingYes.class, JoinWrongThreadYes.class, WriteAfterStartYes.class,
            JoinChainNo.class, NestedStartNo.class, ThreadGetIdOverrideNo.class, ThreadStartFailedYes.class,
            // monitors, wait/notify
            SynchronizedMethodNo.class, SynchronizedStaticMethodNo.class, SyncStaticVsInstanceYes.class, StaticMonitorBeforeUseYes.class,
            WriteOutsideSyncYes.class, SyncWriterOnlyYes.class, WaitNotifyNo.class, NotifyThenWriteYes.class,
            // j.u.c locks and conditions
            ReentrantLockNo.class, TryLockNo.class, LockOneSideYes.class, TwoLocksYes.class, ConditionAwaitNo.class,
            ReadWriteLockNo.class, ReadLockWriteYes.class, StampedLockNo.class, StampedLockViewNo.class,
            StampedOptimisticYes.class,
            // semaphores, latches, barriers, phasers
            SemaphoreNo.class, SemaphoreMutexNo.class, SemaphoreWrongOrderYes.class, CountDownLatchNo.class,
            CountDownLatchWrongOrderYes.class, CyclicBarrierNo.class, CyclicBarrierMissingYes.class,
            CyclicBarrierAfterYes.class, PhaserNo.class, PhaserAwaitAdvanceNo.class, PhaserArriveOnlyYes.class,
            // executors, futures, fork/join
            ExecutorFutureNo.class, ExecutorInvokeAllNo.class, SingleThreadExecutorNo.class, ScheduledExecutorNo.class,
            ExecutorNoGetYes.class, ExecutorWriteAfterSubmitYes.class, FutureTaskRunNo.class, FutureTaskRunYes.class, FutureTaskIsDoneNo.class, FutureTaskOwnIsDoneYes.class,
            FutureTaskCancelledYes.class, TimerTaskNo.class,
            TimerTaskYes.class, SubmissionPublisherNo.class, SubmissionPublisherYes.class, ExecutorAwaitTerminationNo.class,
            PoolAfterExecuteNo.class, PoolBeforeExecuteNo.class, PoolTerminatedHookNo.class, PoolWorkerDiesNo.class, PoolCoreTimeoutNo.class, ScheduledPoolTerminationNo.class,
            ScheduledShutdownNo.class, ScheduledShutdownYes.class, ScheduledShutdownMidRunYes.class,
            AwaitTerminationTimeoutYes.class, FutureTaskExecuteNo.class, ExecutorAwaitTerminationYes.class, VirtualExecutorCloseNo.class, VirtualExecutorCloseYes.class, PoolTerminatedNo.class,
            CommonPoolReuseNo.class, CommonPoolFactoryNo.class, CompletableFutureNo.class,
            CompletableFutureNoJoinYes.class, ForkJoinNo.class, ForkJoinActionNo.class, ForkJoinNoJoinYes.class,
            // lazy initialization, class initialization
            DoubleCheckedLockingYes.class, DoubleCheckedVolatileNo.class, LazyInitYes.class, StaticInitNo.class,
            // atomics, thread-locals
            AtomicIntegerNo.class, AtomicPublishNo.class, AtomicReferencePublishNo.class, AtomicPlusPlainYes.class,
            AtomicSubclassNo.class, AtomicSubclassYes.class, ThreadLocalNo.class,
            // final fields (JLS 17.5), non-thread-safe JDK collections
            FinalFieldRacyPublishYes.class, NonFinalFieldRacyPublishYes.class, ArrayListSharedYes.class, HashMapSharedYes.class,
            ArrayListMethodRefYes.class, CollectionLockedNo.class, CollectionConfinedNo.class, ArrayListDisjointSetNo.class,
            ArrayListDisjointSetYes.class,
            // hand-overs the JDK makes for the program, seen at its calls (h-jdk2)
            InterruptNo.class, InterruptYes.class, LockSupportNo.class, LockSupportYes.class, FieldUpdaterNo.class, FieldUpdaterYes.class,
            VarHandleNo.class, VarHandleYes.class, VarHandleBootstrapNo.class, VarHandleBootstrapYes.class, LongAdderNo.class,
            LongAdderYes.class, ForkJoinInvokeAllNo.class,
            ForkJoinInvokeAllYes.class, ForkJoinSubclassNo.class, ForkJoinSubclassYes.class, CountedCompleterNo.class,
            CountedCompleterYes.class, VirtualThreadNo.class, VirtualThreadYes.class, VirtualThreadParkedNo.class, VirtualThreadParkedYes.class,
            CompletableFutureStagesNo.class,
            CompletableFutureChainYes.class, CompletableFutureAllOfNo.class, CompletableFutureAnyOfYes.class, CompletionServiceNo.class,
            CompletionServiceYes.class, CompletionServiceEarlyTakeNo.class, CompletionServiceEarlyTakeYes.class, ParallelSortNo.class,
            ParallelSetAllYes.class,
            // hand-overs inside the JDK's collections (docs/agent.md, "Hand-overs inside the JDK")
            BlockingQueueNo.class, BlockingQueueKindsNo.class, BlockingQueueBypassYes.class, ConcurrentLinkedQueueNo.class,
            ConcurrentLinkedQueueLateWriteYes.class, ConcurrentHashMapNo.class, ConcurrentHashMapBypassYes.class, ConcurrentHashMapKeyEqualsNo.class,
            ConcurrentHashMapKeyEqualsYes.class, ConcurrentHashMapKeyMutatedYes.class, ConcurrentHashMapFoldedHashNo.class,
            ConcurrentHashMapFoldedHashYes.class, SkipListMapNo.class,
            SkipListMapOtherKeyYes.class, CopyOnWriteListNo.class, CopyOnWriteListLateWriteYes.class, SynchronizedListNo.class, SynchronizedListBypassYes.class, ExchangerNo.class,
            ExchangerLateWriteYes.class,
            // fork/join work the JDK forks and joins itself (docs/agent.md, "Fork/join inside the JDK")
            ParallelStreamNo.class, ParallelStreamYes.class, ForkJoinJoinThrowsNo.class, ForkJoinJoinThrowsYes.class, ForkJoinQuiesceNo.class,
            ForkJoinQuiesceYes.class,
            // threads the JDK starts, tasks that are Runnables (session 41: the JDK's HTTP server, Caffeine's maintenance)
            HttpServerHandlerNo.class, HttpServerHandlerYes.class, ForkJoinRunnableTaskNo.class, ForkJoinRunnableTaskYes.class, ForkJoinTaskOwnExecutorNo.class, ForkJoinTaskOwnExecutorYes.class,
            ForkJoinTaskVirtualExecutorNo.class, ForkJoinTaskVirtualExecutorYes.class,
            ForkJoinWorkerStartNo.class,
            // a StructuredTaskScope cancelled while subtasks run, its join woken by the cancellation (session 48, JDK 25)
            StructuredScopeCancelNo.class, StructuredScopeCancelYes.class,
            // a server socket's close and the accept it makes fail (session 43: OkHttp's MockWebServer)
            ServerSocketCloseNo.class, ServerSocketCloseYes.class,
            // a program's own AbstractQueuedSynchronizer (session 43: Scala's Await under Pekko)
            SynchronizerSubclassNo.class, SynchronizerSubclassYes.class, SynchronizerMutexNo.class,
            // a thread found ended by isAlive(), a latch found at zero by getCount() (session 44: Agrona's AgentRunner, a spinning consumer)
            ThreadIsAliveNo.class, ThreadIsAliveYes.class, LatchGetCountNo.class, LatchGetCountYes.class,
            // finding without taking, bulk operations, navigation, the JDK's synchronized classes (issue 14)
            QueueSearchNo.class, QueueSearchLateWriteYes.class, ConcurrentHashMapBulkNo.class, ConcurrentHashMapBulkLateWriteYes.class,
            ConcurrentHashMapBulkWalkNo.class, ConcurrentHashMapBulkWalkYes.class,
            SkipListNavigationNo.class, SkipListNavigationLateWriteYes.class, SynchronizedJdkClassesNo.class,
            SynchronizedJdkClassesLateWriteYes.class,
            // CompletableFuture inside the JDK: every stage kind, compose, anyOf, program completions (docs/agent.md)
            CompletableFutureChainNo.class, CompletableFutureCombineNo.class, CompletableFutureCombineYes.class,
            CompletableFutureEitherNo.class, CompletableFutureEitherYes.class, CompletableFutureComposeNo.class,
            CompletableFutureComposeYes.class, CompletableFutureAnyOfNo.class, CompletableFutureCompleteNo.class,
            CompletableFutureCompleteYes.class, CompletableFutureAsyncTasksNo.class, CompletableFutureAsyncTasksYes.class,
            CompletableFutureDependentsNo.class, CompletableFutureDependentsYes.class,
            // VarHandles: array elements, handles from privateLookupIn kept in static finals (as Caffeine makes them)
            VarHandleArrayNo.class, VarHandleArrayYes.class, VarHandlePrivateLookupNo.class, VarHandlePrivateLookupYes.class,
            // sun.misc.Unsafe: ordered puts, volatile gets and CAS of fields and array slots (Netty's JCTools queues)
            UnsafeQueueNo.class, UnsafeQueueYes.class, UnsafeOffsetsYes.class,
            // fences on plain fields (LMAX Disruptor 4's Sequence)
            FencedPublishNo.class, FencedWrongOrderYes.class, FencedDataAfterFenceYes.class, FencedReadBeforeFenceYes.class);

    /**
     * Programs of hand-overs inside the JDK that the agent does not record yet (docs/agent.md, "Not
     * modelled"): each runs and is labelled like the others, but the recorded-trace test skips it
     * until its construct is modelled, when it moves to {@link #PROGRAMS}.
     */
    public static final List<Class<?>> NOT_YET_MODELLED = List.of(
            // a Serializable task given to a library's Executor is left unwrapped (a distributed executor serializes it):
            // the executor's own hand-over, through a JDK pipe, is not seen (session 48's review)
            SerializableTaskNo.class);

    private RaceSuite() {}

    /**
     * Whether the program runs on a JVM of this feature release: a program that needs a newer JDK
     * than the suite's release (17) declares {@code public static final int MIN_JDK}.
     */
    public static boolean runsOn(Class<?> program, int feature) {
        try {
            return feature >= program.getDeclaredField("MIN_JDK").getInt(null);
        } catch (NoSuchFieldException e) {
            return true;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(program.getSimpleName() + ".MIN_JDK is not public", e);
        }
    }

    /** Whether the program runs on this JVM ({@link #runsOn(Class, int)}). */
    public static boolean runsHere(Class<?> program) {
        return runsOn(program, Runtime.version().feature());
    }

    /** Whether the program is labelled as racing (its name ends in {@code Yes}). */
    public static boolean labelledRacy(Class<?> program) {
        return program.getSimpleName().endsWith("Yes");
    }

    /** The program's {@code RACES}. */
    public static List<String> races(Class<?> program) {
        return List.of(strings(program, "RACES"));
    }

    /** The program's {@code ARTIFACTS} as artifact → its first race, in order; empty when it declares none. */
    public static Map<String, String> artifacts(Class<?> program) {
        Map<String, String> result = new LinkedHashMap<>();
        try {
            program.getDeclaredField("ARTIFACTS");
        } catch (NoSuchFieldException e) {
            return result;
        }
        for (String entry : strings(program, "ARTIFACTS")) {
            int at = entry.indexOf(ARTIFACT_OF);
            if (at < 0) throw new IllegalStateException(program.getSimpleName() + ": no '" + ARTIFACT_OF + "' in " + entry);
            result.put(entry.substring(0, at), entry.substring(at + ARTIFACT_OF.length()));
        }
        return result;
    }

    private static String[] strings(Class<?> program, String name) {
        try {
            Field f = program.getDeclaredField(name);
            int m = f.getModifiers();
            if (!Modifier.isPublic(m) || !Modifier.isStatic(m) || !Modifier.isFinal(m) || f.getType() != String[].class) {
                throw new IllegalStateException(program.getSimpleName() + "." + name + " is not a public static final String[]");
            }
            return ((String[]) f.get(null)).clone();
        } catch (NoSuchFieldException | IllegalAccessException e) {
            throw new IllegalStateException(program.getSimpleName() + " has no " + name, e);
        }
    }
}
