package dev.wholetrace.simulate.machine;

/** A machine file that cannot be used; the message is one line that names the file and what is wrong. */
public final class MachineFileException extends Exception {
    private static final long serialVersionUID = 1L;

    /** An error with its one-line message. */
    public MachineFileException(String message) {
        super(message);
    }
}
