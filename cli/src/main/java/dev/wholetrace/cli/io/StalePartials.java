package dev.wholetrace.cli.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files {@link OutputFile} writes beside a target ({@code .NAME.PIDS.PID.START.XXXX.partial})
 * and the removal of those a killed writer left: a command killed by SIGKILL (or a crash, or the
 * OOM killer) while it wrote runs no clean-up, and its partial file (as large as the output, for
 * {@code record}'s exit rewrite the size of the trace) would stay beside the target for good.
 *
 * <p>A partial is removed only when its writer is proven dead, from the name alone (no clock is
 * compared: a file server's clock or a reset time would make a live writer's file look old):
 * <ul>
 *   <li>{@code PIDS} names the writer's pid namespace in this boot (a hash of the boot id and the
 *       namespace): the pid means the same process here. A host name does not: a container with
 *       its own pids may share it and the directory;</li>
 *   <li>{@code START} is the writer's start in clock ticks since boot (/proc/PID/stat): a process
 *       with the pid that started at another tick has reused the pid, and one with none has ended;</li>
 *   <li>the partial is a regular file owned by this user (a process of another user may be
 *       hidden by /proc's hidepid, and its files are not ours to delete).</li>
 * </ul>
 * Anything else is left alone: another namespace's or machine's partial, a name without these
 * parts (before session 43, or where /proc is not there, or too long for a file name).
 */
final class StalePartials {
    private static final String SUFFIX = ".partial";
    private static final Pattern OWNED = Pattern.compile("([0-9a-f]{16})\\.(\\d+)\\.([0-9a-f]+)\\.[0-9a-f]+" + Pattern.quote(SUFFIX));
    /** The longest file name Linux file systems take (bytes). */
    private static final int NAME_MAX = 255;
    private static final long PID = ProcessHandle.current().pid();
    /** This process's pid namespace in this boot, or null when /proc cannot tell (then nothing is ever removed). */
    private static final String PIDS = pidSpace();
    /** This process's start in ticks since boot, or -1 when unreadable. */
    private static final long START = PIDS == null ? -1 : startOf(PID);

    private StalePartials() {}

    /** The name of a partial of {@code target} written by this process ({@code random}: its distinct part). */
    static String name(String target, long random) {
        return name(target, self(), random);
    }

    /** The name of a partial of {@code target} by writer {@code writer} (PIDS.PID.START; null: unknown, never removed). */
    static String name(String target, String writer, long random) {
        String plain = "." + target + "." + Long.toHexString(random) + SUFFIX;
        if (writer == null) return plain;
        String owned = "." + target + "." + writer + "." + Long.toHexString(random) + SUFFIX;
        return owned.getBytes(StandardCharsets.UTF_8).length <= NAME_MAX ? owned : plain;
    }

    /** This process as a partial's writer (PIDS.PID.START), or null when /proc cannot tell. */
    static String self() {
        return PIDS == null || START < 0 ? null : PIDS + "." + PID + "." + Long.toHexString(START);
    }

    /** Removes the partials of {@code target} in {@code dir} whose writers are proven dead; best effort (a partial that cannot be checked or deleted stays). */
    static void remove(Path dir, String target) {
        if (PIDS == null) return;
        String prefix = "." + target + ".";
        Integer uid = uid();
        if (uid == null) return;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(SUFFIX);
        })) {
            for (Path partial : files) {
                Matcher m = OWNED.matcher(partial.getFileName().toString().substring(prefix.length()));
                if (!m.matches() || !m.group(1).equals(PIDS)) continue;
                try {
                    if (Files.isRegularFile(partial, LinkOption.NOFOLLOW_LINKS)
                            && uid.equals(Files.getAttribute(partial, "unix:uid", LinkOption.NOFOLLOW_LINKS))
                            && writerDead(Long.parseLong(m.group(2)), Long.parseLong(m.group(3), 16))) {
                        Files.deleteIfExists(partial);
                    }
                } catch (IOException | RuntimeException e) {
                    // this one stays: it is hidden and named *.partial, and the command's own work does not depend on it
                }
            }
        } catch (IOException | RuntimeException e) {
            // the partials stay, as above
        }
    }

    /** Whether process {@code pid} of this namespace, which started at tick {@code start}, has ended. */
    static boolean writerDead(long pid, long start) {
        if (pid == PID) return false; // this JVM: another OutputFile of the same target at work
        try {
            return statStart(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))) != start;
        } catch (NoSuchFileException e) {
            return true; // no process (nor thread) has the pid
        } catch (IOException | RuntimeException e) {
            return false; // not readable: it may be the writer
        }
    }

    /** The start of process {@code pid} in ticks since boot, or -1. */
    static long startOf(long pid) {
        try {
            return statStart(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Field 22 (starttime) of a /proc/PID/stat line; the command name (field 2) may hold spaces and parentheses. */
    private static long statStart(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[22 - 3]);
    }

    /**
     * 16 hex digits of the SHA-256 of the boot id and this process's pid namespace, or null when
     * either is unreadable or /proc is another namespace's (its "self" is not this pid).
     */
    private static String pidSpace() {
        try {
            if (!Files.readSymbolicLink(Path.of("/proc/self")).toString().equals(Long.toString(PID))) return null;
            String boot = Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
            String ns = Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
            if (boot.isEmpty() || ns.isEmpty()) return null;
            byte[] hash = MessageDigest.getInstance("SHA-256").digest((boot + "\n" + ns).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (IOException | RuntimeException | NoSuchAlgorithmException e) {
            return null;
        }
    }

    /** This process's effective user id (the owner of the files it creates), or null when unreadable. */
    private static Integer uid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) return Integer.valueOf(line.substring(4).trim().split("\\s+")[1]);
            }
        } catch (IOException | RuntimeException e) {
            // below
        }
        return null;
    }
}
