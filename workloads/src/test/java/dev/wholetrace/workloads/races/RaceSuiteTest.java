package dev.wholetrace.workloads.races;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class RaceSuiteTest {
    /** Every program, modelled or not yet. */
    private static final List<Class<?>> PROGRAMS = Stream.concat(RaceSuite.PROGRAMS.stream(), RaceSuite.NOT_YET_MODELLED.stream()).toList();

    @Test
    void theSuiteIsLargeAndRoughlyBalanced() {
        assertThat(PROGRAMS).hasSizeGreaterThanOrEqualTo(60).doesNotHaveDuplicates();
        long yes = PROGRAMS.stream().filter(RaceSuite::labelledRacy).count();
        assertThat(yes).as("-yes programs of %d", PROGRAMS.size()).isBetween(PROGRAMS.size() * 2L / 5, PROGRAMS.size() * 3L / 5);
    }

    @Test
    void everyTopLevelClassOfThePackageIsListed() throws IOException, URISyntaxException {
        Path dir = Path.of(RaceSuite.class.getResource("RaceSuite.class").toURI()).getParent();
        List<String> classes = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length()))
                    .filter(n -> !n.equals("RaceSuite"))
                    .forEach(classes::add);
        }
        assertThat(PROGRAMS.stream().map(Class::getSimpleName)).containsExactlyInAnyOrderElementsOf(classes);
    }

    @Test
    void namesSayYesOrNoAndRacesAgree() {
        for (Class<?> p : PROGRAMS) {
            String name = p.getSimpleName();
            assertThat(name).as("name").matches(".+(Yes|No)");
            assertThat(p.getPackageName()).isEqualTo(RaceSuite.class.getPackageName());
            List<String> races = RaceSuite.races(p);
            assertThat(races).as("%s RACES", name).doesNotHaveDuplicates();
            if (RaceSuite.labelledRacy(p)) assertThat(races).as("%s RACES", name).isNotEmpty();
            else assertThat(races).as("%s RACES", name).isEmpty();
        }
    }

    @Test
    void racesNameFieldsOfTheProgramThatCanRace() throws NoSuchFieldException, ClassNotFoundException {
        for (Class<?> p : PROGRAMS) {
            String name = p.getSimpleName();
            for (String race : RaceSuite.races(p)) {
                if (race.endsWith(".<contents>")) { // a JDK collection's contents: its simple name, a java.util collection or map
                    Class<?> c = Class.forName("java.util." + race.substring(0, race.length() - ".<contents>".length()));
                    assertThat(java.util.Collection.class.isAssignableFrom(c) || java.util.Map.class.isAssignableFrom(c)).as(race).isTrue();
                    continue;
                }
                assertThat(race).as(name).matches("[A-Za-z0-9_]+\\.[A-Za-z0-9_]+(\\[\\])?").startsWith(name + ".");
                boolean element = race.endsWith("[]");
                Field f = p.getDeclaredField(race.substring(name.length() + 1, race.length() - (element ? 2 : 0)));
                if (element) assertThat(f.getType().isArray()).as("%s: an array field", race).isTrue();
                else assertThat(Modifier.isVolatile(f.getModifiers())).as("%s: volatile fields do not race", race).isFalse();
            }
        }
    }

    @Test
    void artifactsPointFromARaceToAFirstRace() {
        int programsWithArtifacts = 0;
        for (Class<?> p : PROGRAMS) {
            Map<String, String> artifacts = RaceSuite.artifacts(p);
            if (artifacts.isEmpty()) continue;
            programsWithArtifacts++;
            assertThat(RaceSuite.labelledRacy(p)).as(p.getSimpleName()).isTrue();
            List<String> races = RaceSuite.races(p);
            artifacts.forEach((artifact, first) -> {
                assertThat(races).as(p.getSimpleName()).contains(artifact, first);
                assertThat(artifact).isNotEqualTo(first);
                assertThat(artifacts).as("%s: %s is a first race", p.getSimpleName(), first).doesNotContainKey(first);
            });
        }
        assertThat(programsWithArtifacts).isGreaterThanOrEqualTo(1);
        assertThat(RaceSuite.artifacts(ArtifactCascadeYes.class)).containsExactly(Map.entry("ArtifactCascadeYes.a[]", "ArtifactCascadeYes.subscript"));
    }

    @Test
    void programsThatNeedANewerJdkSayWhich() {
        assertThat(RaceSuite.runsOn(VirtualThreadNo.class, 17)).isFalse();
        assertThat(RaceSuite.runsOn(VirtualThreadNo.class, 21)).isTrue();
        assertThat(RaceSuite.runsOn(StartJoinNo.class, 17)).isTrue();
    }

    /**
     * Each program three times on this thread: it ends using at most {@link #CPU_BUDGET_NANOS} of
     * CPU each time and prints the same single line. The budget is CPU time, not wall time: on a
     * machine with 2 cores and a load of 50-70 a run of a tenth of a second of work took over 2 s
     * of wall time (session 42), while the CPU it uses stays what the program needs. A program
     * that hangs uses no CPU: the watchdog interrupts it after {@link #HANG_SECONDS} s of wall time.
     */
    @TestFactory
    Stream<DynamicTest> everyProgramRunsQuicklyAndPrintsOneStableLine() {
        return PROGRAMS.stream().map(p -> DynamicTest.dynamicTest(p.getSimpleName(), () -> {
            Assumptions.assumeTrue(RaceSuite.runsHere(p), "needs a newer JDK");
            Method main = p.getMethod("main", String[].class);
            assertThat(Modifier.isStatic(main.getModifiers()) && Modifier.isPublic(main.getModifiers())).isTrue();
            String first = null;
            for (int run = 0; run < 3; run++) {
                String out = runMain(main);
                assertThat(out).as("%s run %d", p.getSimpleName(), run).doesNotContain("\n").isNotBlank();
                if (first == null) first = out;
                else assertThat(out).as("%s run %d", p.getSimpleName(), run).isEqualTo(first);
            }
        }));
    }

    /** The CPU time (all of the JVM's threads) one run of a program may use: each needs a fraction of it. */
    private static final long CPU_BUDGET_NANOS = 2_000_000_000L;
    /** Wall seconds after which a run is taken for hung and interrupted: far above a run's time even at a load of 70 on 2 cores. */
    private static final int HANG_SECONDS = 120;

    /**
     * A program that hangs past the watchdog fails, also when it takes the interrupt in its stride
     * and then ends normally (the CPU budget cannot see a hang: waiting uses none).
     */
    @Test
    void aProgramThatHangsFailsEvenWhenItSwallowsTheInterrupt() throws Exception {
        Method main = SwallowsTheInterrupt.class.getMethod("main", String[].class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runMain(main, 1)).isInstanceOf(AssertionError.class).hasMessageContaining("hung");
    }

    /** A program that waits far too long and swallows the interrupt that ends the wait. */
    public static final class SwallowsTheInterrupt {
        public static void main(String[] args) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // swallowed, as a careless program does
            }
            System.out.println("done");
        }
    }

    /** Runs main on this thread with System.out captured; fails on an exception of main or of any thread it started. */
    private static String runMain(Method main) throws Throwable {
        return runMain(main, HANG_SECONDS);
    }

    /** As {@link #runMain(Method)}, taking the program for hung after {@code hangSeconds} of wall time. */
    private static String runMain(Method main, int hangSeconds) throws Throwable {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = System.out;
        Thread.UncaughtExceptionHandler handler = Thread.getDefaultUncaughtExceptionHandler();
        List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
        Thread self = Thread.currentThread();
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "race-suite-watchdog");
            t.setDaemon(true);
            return t;
        });
        // A program that hangs in a join or an await gets interrupted instead of hanging the build, and
        // fails even if it then ends normally (one that swallows the interrupt).
        java.util.concurrent.atomic.AtomicBoolean hung = new java.util.concurrent.atomic.AtomicBoolean();
        ScheduledFuture<?> interrupt = watchdog.schedule(() -> {
            hung.set(true);
            self.interrupt();
        }, hangSeconds, TimeUnit.SECONDS);
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
            long cpuBefore = os.getProcessCpuTime();
            try {
                main.invoke(null, (Object) new String[0]);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            cpu = os.getProcessCpuTime() - cpuBefore;
        } finally {
            interrupt.cancel(false);
            watchdog.shutdownNow();
            Thread.interrupted();
            System.setOut(out);
            Thread.setDefaultUncaughtExceptionHandler(handler);
        }
        assertThat(hung).as("%s hung: interrupted after %d s of wall time", main.getDeclaringClass().getSimpleName(), hangSeconds).isFalse();
        assertThat(uncaught).as("exceptions in the program's threads").isEmpty();
        assertThat(cpu).as("CPU nanoseconds of %s", main.getDeclaringClass().getSimpleName()).isLessThanOrEqualTo(CPU_BUDGET_NANOS);
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(text).as("output of %s", main.getDeclaringClass().getSimpleName()).endsWith(System.lineSeparator());
        return text.substring(0, text.length() - System.lineSeparator().length());
    }
}
