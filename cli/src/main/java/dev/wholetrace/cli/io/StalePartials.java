package dev.wholetrace.cli.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files {@link OutputFile} writes beside a target ({@code .NAME.HOST.PID.XXXX.partial})
 * and the removal of those a killed writer left: a command killed by SIGKILL (or a crash, or the
 * OOM killer) while it wrote runs no clean-up, and its partial file (as large as the output, for
 * {@code record}'s exit rewrite the size of the trace) would stay beside the target for good.
 *
 * <p>A partial is removed only when its writer is proven dead: it was made on this host (the name's
 * host part, this machine's or container's host name), and no process has the name's pid, or the
 * one that has it started after the partial was last written (the pid was reused; the writer was
 * alive when it last wrote, so it ended before). A partial from another host (a directory shared
 * over the network or with a container), an unreadable host name or a name without host and pid
 * (written before session 43) is left alone: its writer cannot be proven dead from here.
 */
final class StalePartials {
    private static final String SUFFIX = ".partial";
    private static final Pattern OWNED = Pattern.compile("([A-Za-z0-9_-]+)\\.(\\d+)\\.[0-9a-f]+" + Pattern.quote(SUFFIX));
    /** The clocks compared (a file's modification time, a process's start) tick at different rates: this much either way is a tie, and ties keep the file. */
    private static final Duration CLOCK_SLACK = Duration.ofSeconds(2);
    /** This machine's (or container's) host name as a name part, or null when unreadable (then nothing is ever removed). */
    private static final String HOST = host();

    private StalePartials() {}

    /** The name of a partial of {@code target} written by this process ({@code random}: its distinct part). */
    static String name(String target, long random) {
        return "." + target + "." + (HOST == null ? "unknown" : HOST) + "." + ProcessHandle.current().pid() + "." + Long.toHexString(random) + SUFFIX;
    }

    /** Removes the partials of {@code target} in {@code dir} whose writers are proven dead; best effort (a listing or deletion that fails is skipped). */
    static void remove(Path dir, String target) {
        if (HOST == null) return;
        String prefix = "." + target + ".";
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(SUFFIX);
        })) {
            for (Path partial : files) {
                Matcher m = OWNED.matcher(partial.getFileName().toString().substring(prefix.length()));
                if (!m.matches() || !m.group(1).equals(HOST)) continue;
                if (writerDead(Long.parseLong(m.group(2)), partial)) Files.deleteIfExists(partial);
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            // the partials stay: they are hidden and named *.partial, and the command's own work does not depend on them
        }
    }

    /** Whether process {@code pid}, which wrote {@code partial}, has ended. */
    static boolean writerDead(long pid, Path partial) throws IOException {
        if (pid == ProcessHandle.current().pid()) return false; // this JVM: another OutputFile of the same target at work
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty()) return true;
        Optional<Instant> started = process.get().info().startInstant();
        if (started.isEmpty()) return false; // not ours to ask about: it may be the writer
        FileTime written = Files.getLastModifiedTime(partial);
        return started.get().isAfter(written.toInstant().plus(CLOCK_SLACK));
    }

    /** The host name with [A-Za-z0-9_-] only (so that the name splits at its dots), or null. */
    private static String host() {
        String h = null;
        try {
            h = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            h = System.getenv("HOSTNAME");
        }
        if (h == null || h.isBlank()) return null;
        return h.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
