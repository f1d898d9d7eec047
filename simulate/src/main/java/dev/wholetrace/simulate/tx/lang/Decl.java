package dev.wholetrace.simulate.tx.lang;

/**
 * A variable declaration. {@code length} is 0 for a scalar, else the array's element count (indices
 * {@code low .. low+length-1}); {@code lock} marks a variable declared with type {@code lock}.
 */
public record Decl(String name, boolean shared, boolean lock, long initial, long low, long length, int line, int col) {
    /** Whether this declares an array. */
    public boolean isArray() { return length > 0; }
}
