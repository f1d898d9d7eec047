package dev.wholetrace.simulate.tx.lang;

/** A one-line error about a thesis-language program: {@code line:column: message} (or a run-time error without a position). */
public final class TxException extends Exception {
    private static final long serialVersionUID = 1L;

    /** An error at a source position. */
    public TxException(int line, int column, String message) {
        super(line + ":" + column + ": " + message);
    }

    /** An error without a source position. */
    public TxException(String message) {
        super(message);
    }
}
