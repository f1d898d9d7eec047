package wtdemo;

/**
 * Starts as Maven Surefire starts a test JVM: from a manifest-only jar on the class path, setting
 * {@code java.class.path} to the real class path (its first argument) once running; then runs
 * {@link RacyCounter}.
 */
public final class BootedRacyCounter {
    public static void main(String[] args) throws Exception {
        System.setProperty("java.class.path", args[0]);
        RacyCounter.main(new String[0]);
    }
}
