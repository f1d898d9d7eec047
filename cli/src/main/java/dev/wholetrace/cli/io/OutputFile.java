package dev.wholetrace.cli.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file a command writes, checked before the command does its work and written so that the
 * user's files come to no harm:
 * <ul>
 *   <li>the result is written to a temporary file beside the target, flushed to disk, and renamed
 *       over the target only when complete (a failed or interrupted command leaves the old file,
 *       or nothing, and no temporary file behind);</li>
 *   <li>only a regular file is ever replaced, and only with {@code --force}: a directory, a
 *       device, a pipe or a socket is refused, and so is the command's own input (the same file
 *       also through a symbolic or hard link);</li>
 *   <li>a symbolic link to a regular file is kept: the file it points to is replaced;</li>
 *   <li>the temporary files of the same target that a killed command left behind (SIGKILL runs no
 *       clean-up) are removed by the next command that writes the target, when their writer is
 *       proven dead ({@link StalePartials}).</li>
 * </ul>
 * Refusals are {@link OutputRefusedException}s (one line, exit code 2).
 *
 * <p>Use: {@code OutputFile out = OutputFile.check(path, force.force(), input);} before the work,
 * then {@code out.write(tmp -> result.write(tmp))} or {@code out.writeStream(stream -> ...)}.
 * For a file another process writes in place (the agent of {@code record}),
 * {@link #checkWritableInPlace} is the check before starting it.
 */
public final class OutputFile {
    private final Path shown;
    private final Path target;
    private final boolean force;
    private final List<Path> inputs;

    private OutputFile(Path shown, Path target, boolean force, List<Path> inputs) {
        this.shown = shown;
        this.target = target;
        this.force = force;
        this.inputs = inputs;
    }

    /**
     * Checks that {@code path} may be written by a command that reads {@code inputs}: its
     * directory exists and is writable, and it is new, or a regular file and {@code force} is
     * set, and not one of the inputs.
     *
     * @throws OutputRefusedException if not, with a one-line reason
     */
    public static OutputFile check(Path path, boolean force, Path... inputs) throws IOException {
        OutputFile out = new OutputFile(path, resolve(path), force, List.of(inputs));
        out.checkTarget();
        out.checkDirectoryWritable();
        StalePartials.remove(out.directory(), out.target.getFileName().toString());
        return out;
    }

    /**
     * The check for a file another process creates or truncates in place (the agent of
     * {@code record} and {@code workload -o}), made before that process starts: as {@link #check},
     * and an existing file must itself be writable.
     *
     * @return the path to hand to the other process (as given)
     */
    public static Path checkWritableInPlace(Path path, boolean force) throws IOException {
        OutputFile out = check(path, force);
        if (Files.exists(out.target) && !Files.isWritable(out.target)) {
            throw new OutputRefusedException("cannot write " + path + ": permission denied");
        }
        return path;
    }

    /** The file that is replaced: the path given, or the file its symbolic links lead to. */
    public Path target() {
        return target;
    }

    /** Writes the result through {@code writer} (which gets an empty temporary file) and renames it into place. */
    public <T> T write(PathWriter<T> writer) throws IOException {
        checkTarget(); // again: the file system may have changed while the command worked
        Path tmp = createTemporary();
        Thread cleanup = new Thread(() -> deleteQuietly(tmp), "wholetrace-output-cleanup");
        boolean hooked = addShutdownHook(cleanup);
        boolean done = false;
        try {
            T result = writer.writeTo(tmp);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            copyPermissions(tmp);
            moveIntoPlace(tmp);
            done = true;
            return result;
        } finally {
            if (!done) deleteQuietly(tmp);
            if (hooked) removeShutdownHook(cleanup);
        }
    }

    /** Writes the result as a stream (buffered; flushed and closed here) and renames it into place. */
    public void writeStream(StreamWriter writer) throws IOException {
        write(tmp -> {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                writer.writeTo(out);
            }
            return null;
        });
    }

    /**
     * Writes a text result (UTF-8) through {@link #writeStream}: a write error (a full disk) is
     * thrown, not swallowed by the PrintWriter.
     */
    public void writeText(TextWriter writer) throws IOException {
        writeStream(stream -> {
            CheckedOutputStream checked = new CheckedOutputStream(stream);
            PrintWriter w = new PrintWriter(new OutputStreamWriter(checked, StandardCharsets.UTF_8));
            writer.writeTo(w);
            w.flush();
            if (w.checkError()) throw checked.error() != null ? checked.error() : new IOException("cannot write " + shown);
        });
    }

    /** Writes a text result. */
    @FunctionalInterface
    public interface TextWriter {
        void writeTo(PrintWriter out) throws IOException;
    }

    /** Writes a result into a file it is given (empty, beside the target); returns what the caller needs. */
    @FunctionalInterface
    public interface PathWriter<T> {
        T writeTo(Path file) throws IOException;
    }

    /** Writes a result to a stream. */
    @FunctionalInterface
    public interface StreamWriter {
        void writeTo(OutputStream out) throws IOException;
    }

    // ---- checks -------------------------------------------------------------------------------

    /** The path with its symbolic links followed, so that a link to a trace keeps being a link. */
    private static Path resolve(Path path) throws IOException {
        if (!Files.isSymbolicLink(path)) return path;
        if (!Files.exists(path)) throw new OutputRefusedException(path + " is a symbolic link to a missing file; remove it or write elsewhere");
        return path.toRealPath();
    }

    private void checkTarget() throws IOException {
        if (Files.isDirectory(target)) throw new OutputRefusedException(shown + " is a directory; give a file name");
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) return;
        if (!Files.isRegularFile(target)) {
            throw new OutputRefusedException(shown + " is not a regular file (a device, pipe or socket); refusing to replace it");
        }
        for (Path in : inputs) {
            if (in != null && Files.exists(in) && Files.isSameFile(in, target)) {
                throw new OutputRefusedException(shown + " is the command's input" + (in.equals(shown) ? "" : " (" + in + ")")
                        + "; write to another file");
            }
        }
        if (!force) throw new OutputRefusedException(shown + " exists; add --force to replace it");
    }

    private void checkDirectoryWritable() throws IOException {
        Path dir = directory();
        if (!Files.exists(dir)) throw new OutputRefusedException("cannot write " + shown + ": no such file or directory: " + dir);
        if (!Files.isDirectory(dir)) throw new OutputRefusedException("cannot write " + shown + ": " + dir + " is not a directory");
        // Create a file rather than ask access(2): a read-only file system or an ACL says no only then.
        deleteQuietly(createTemporary());
    }

    private Path directory() {
        Path dir = target.toAbsolutePath().getParent();
        return dir != null ? dir : target.toAbsolutePath().getRoot();
    }

    // ---- writing ------------------------------------------------------------------------------

    /**
     * An empty new file beside the target, hidden, with the permissions the umask gives new files,
     * named after its writer ({@link StalePartials#name}) so that a later command can tell it was left by a dead one.
     */
    private Path createTemporary() throws IOException {
        Path dir = directory();
        String name = target.getFileName().toString();
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(StalePartials.name(name, ThreadLocalRandom.current().nextLong() >>> 16));
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) throw e;
            } catch (AccessDeniedException e) {
                throw new OutputRefusedException("cannot write " + shown + ": permission denied (" + dir + ")");
            } catch (NoSuchFileException e) {
                throw new OutputRefusedException("cannot write " + shown + ": " + (Files.isDirectory(dir)
                        ? dir + " does not accept new files" : "no such file or directory: " + dir));
            } catch (FileSystemException e) {
                String reason = e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
                throw new OutputRefusedException("cannot write " + shown + ": " + reason.toLowerCase(java.util.Locale.ROOT) + " (" + dir + ")");
            }
        }
    }

    /** A replaced file keeps its permissions (a trace made group-readable stays so). */
    private void copyPermissions(Path tmp) throws IOException {
        if (!Files.isRegularFile(target)) return;
        PosixFileAttributeView from = Files.getFileAttributeView(target, PosixFileAttributeView.class);
        PosixFileAttributeView to = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
        if (from == null || to == null) return;
        Set<PosixFilePermission> permissions = from.readAttributes().permissions();
        to.setPermissions(permissions);
    }

    private void moveIntoPlace(Path tmp) throws IOException {
        try {
            if (force) {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.move(tmp, target); // fails if a file appeared meanwhile: nothing is replaced without --force
            }
        } catch (FileAlreadyExistsException e) {
            throw new OutputRefusedException(shown + " was created by someone else while this command ran; add --force to replace it");
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // best effort: the file is hidden and named *.partial
        }
    }

    private static boolean addShutdownHook(Thread hook) {
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            return true;
        } catch (IllegalStateException shuttingDown) {
            return false;
        }
    }

    private static void removeShutdownHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway and finds nothing to delete
        }
    }
}
