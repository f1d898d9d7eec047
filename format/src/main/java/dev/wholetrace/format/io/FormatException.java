package dev.wholetrace.format.io;

import java.io.IOException;

/** A file that is not what it claims to be: wrong magic, truncated, corrupted, unsupported. */
public class FormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public FormatException(String message) {
        super(message);
    }

    public FormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
