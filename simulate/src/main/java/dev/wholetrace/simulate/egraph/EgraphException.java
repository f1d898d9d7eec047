package dev.wholetrace.simulate.egraph;

/** Input the graph generator or the graph file reader cannot use; the message is one line. */
public final class EgraphException extends Exception {
    private static final long serialVersionUID = 1L;

    public EgraphException(String message) {
        super(message);
    }
}
