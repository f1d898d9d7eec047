package dev.wholetrace.agent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The file one JVM records into, held for the whole recording. {@code out=} may name the process
 * ({@code %p}, {@link dev.wholetrace.recorder.AgentOptions#outOf}), so that the JVMs a program forks
 * (which inherit the {@code -javaagent} option) each write a trace of their own. While a JVM records, it
 * holds an exclusive lock on its file; a JVM that finds the file locked (another live JVM records
 * into it) records into {@code NAME-PID.EXT} next to it instead and says so on stderr, one line,
 * rather than overwriting a trace being written. A file nobody holds (a trace of an earlier run) is
 * replaced, also with a line on stderr. Diverting rather than refusing keeps every JVM's trace: a
 * test runner's forked JVMs are usually what the user wanted recorded.
 */
final class TraceFileClaim implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private final FileLock lock; // null where the file system does not lock

    private TraceFileClaim(Path path, FileChannel channel, FileLock lock) {
        this.path = path;
        this.channel = channel;
        this.lock = lock;
    }

    /** {@code file} with {@code -pid} before its extension: run.wtrace → run-1234.wtrace. */
    static Path withPid(Path file, long pid) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String other = dot > 0 ? name.substring(0, dot) + "-" + pid + name.substring(dot) : name + "-" + pid;
        return file.resolveSibling(other);
    }

    /**
     * Claims the trace file for this JVM (pid {@code pid}): {@code wanted} ({@code out=} with
     * {@code %p} expanded), or, when another JVM is recording into that file, the same name with {@code -pid}. Notes on
     * {@code err} what it did when that was not simply creating the file.
     *
     * @throws IOException when neither file can be claimed (the agent then records nothing)
     */
    static TraceFileClaim claim(Path wanted, long pid, PrintStream err) throws IOException {
        boolean existed = Files.isRegularFile(wanted) && Files.size(wanted) > 0;
        TraceFileClaim claim = tryClaim(wanted);
        if (claim != null) {
            if (existed) err.println("wholetrace agent: replacing " + wanted + " (a trace no running JVM holds)");
            return claim;
        }
        Path other = withPid(wanted, pid);
        claim = tryClaim(other);
        if (claim == null) throw new IOException(wanted + " and " + other + " are both being recorded by other JVMs");
        err.println("wholetrace agent: " + wanted + " is being recorded by another JVM; this one (pid " + pid + ") records into " + other);
        return claim;
    }

    /** The file, locked (unlocked where the file system has no locks); null when another JVM holds it. */
    private static TraceFileClaim tryClaim(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        // Not truncated here: the file may be another JVM's trace, and only the lock says whose it is.
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // this JVM holds it already (a second agent in one JVM)
        } catch (IOException e) {
            // A file system without locks (some network mounts): record as before, unprotected,
            // rather than not at all.
            return new TraceFileClaim(file, channel, null);
        }
        if (lock == null) {
            channel.close();
            return null;
        }
        return new TraceFileClaim(file, channel, lock);
    }

    /** The file this JVM records into. */
    Path path() {
        return path;
    }

    /** Lets other JVMs claim the file: after the trace is finished. */
    @Override
    public void close() throws IOException {
        try {
            if (lock != null && lock.isValid()) lock.release();
        } finally {
            channel.close();
        }
    }
}
