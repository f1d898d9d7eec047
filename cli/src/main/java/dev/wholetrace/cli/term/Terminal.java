package dev.wholetrace.cli.term;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether standard error is a terminal: where a progress line, redrawn with a carriage return and
 * an ANSI erase, belongs, and where a person reads the closing summary of {@code record}.
 *
 * <p>{@code System.console() != null} does not answer it: on JDK 17 it says whether standard input
 * <em>and output</em> are terminals (JDK 22's {@code Console.isTerminal()} as well), so
 * {@code record ... 2>log} wrote progress lines into the log, and {@code record ... | tee out}
 * drew none on the terminal. Java has no isatty for one descriptor; on Linux the descriptor's link
 * in /proc names the device it is open on (a pseudo-terminal /dev/pts/N, a console /dev/ttyN),
 * which is what isatty(2) tests. Where /proc is not there, the console is the best guess left.
 * {@code TERM=dumb} (Emacs' shell, some CI logs) is never drawn on: it has no line erase.
 */
public final class Terminal {
    private static final Path STDERR_LINK = Path.of("/proc/self/fd/2");

    private Terminal() {}

    /** Whether standard error is a terminal that can redraw a line. */
    public static boolean stderr() {
        return decide(linkOf(STDERR_LINK), System.console() != null, System.getenv("TERM"));
    }

    /**
     * The decision from what descriptor 2 is open on ({@code device}: the target of its /proc link,
     * null when there is none), whether the JVM has a console, and {@code $TERM}.
     */
    static boolean decide(String device, boolean console, String term) {
        if ("dumb".equals(term)) return false;
        if (device == null) return console;
        return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty") || device.equals("/dev/console");
    }

    private static String linkOf(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }
}
