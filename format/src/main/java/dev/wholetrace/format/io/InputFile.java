package dev.wholetrace.format.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Opens a file a reader of this module reads, with the one-line errors every command gives for a wrong path. */
public final class InputFile {
    private InputFile() {}

    /**
     * {@code file} open for reading; a {@link FormatException} when it is a directory ("is a
     * directory, not {@code what}") or does not exist.
     */
    public static FileChannel open(Path file, String what) throws IOException {
        if (Files.isDirectory(file)) throw new FormatException(file + " is a directory, not " + what);
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new FormatException(file + ": no such file");
        }
    }
}
