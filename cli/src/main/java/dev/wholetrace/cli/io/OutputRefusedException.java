package dev.wholetrace.cli.io;

/**
 * The output file named on the command line cannot or must not be written: a directory, a
 * device, the command's own input, an existing file without {@code --force}, a missing or
 * read-only directory. A usage error: Main reports its message as one line with exit code 2.
 */
public final class OutputRefusedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public OutputRefusedException(String message) {
        super(message);
    }
}
