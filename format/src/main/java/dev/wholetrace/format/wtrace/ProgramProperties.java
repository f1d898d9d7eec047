package dev.wholetrace.format.wtrace;

/**
 * Keys of the PROPERTIES the agent writes about the recorded program that readers act on
 * (docs/trace-format.md, section PROPERTIES).
 */
public final class ProgramProperties {
    private ProgramProperties() {}

    /** The program's {@code java.class.path} when recording started: where readers find its class files. */
    public static final String CLASS_PATH = "java.class.path";
    /**
     * The program's {@code java.class.path} when the trace was finished, written only when it differs from
     * {@link #CLASS_PATH}: test runners start from a manifest-only jar (Maven Surefire's booter, deleted after
     * the run) and set the real class path once the program runs.
     */
    public static final String CLASS_PATH_AT_EXIT = "java.class.path.at.exit";
    /** The program's working directory, against which relative class path entries resolve. */
    public static final String USER_DIR = "user.dir";
}
