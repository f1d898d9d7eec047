package dev.wholetrace.cli.io;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that remembers the first write error. A {@link java.io.PrintWriter} or
 * {@link java.io.PrintStream} on top of it only says that an error happened ({@code checkError});
 * this keeps what it was (no space left on the device, a closed pipe), so that the command can say
 * so in one line and exit non-zero instead of exiting 0 with its output lost.
 */
public final class CheckedOutputStream extends FilterOutputStream {
    private IOException error;

    public CheckedOutputStream(OutputStream out) {
        super(out);
    }

    /** The first write, flush or close error, or null. */
    public synchronized IOException error() {
        return error;
    }

    /** Whether the first error was a pipe whose reader had gone ({@code ... | head}). */
    public synchronized boolean brokenPipe() {
        return error != null && error.getMessage() != null && error.getMessage().contains("Broken pipe");
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw remember(e);
        }
    }

    private synchronized IOException remember(IOException e) {
        if (error == null) error = e;
        return e;
    }
}
