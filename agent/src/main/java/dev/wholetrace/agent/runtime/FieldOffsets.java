package dev.wholetrace.agent.runtime;

/**
 * Where the agent records a field: its offset in its object's address range, the one the
 * instrumenter gives field instructions of (declaring class, name). The runtime asks it for fields
 * it meets only as values ({@code java.lang.reflect.Field}s handed to {@code Unsafe}: SyncUnsafe).
 */
@FunctionalInterface
public interface FieldOffsets {
    /** The offset of field {@code name} declared by {@code declaringClass} (an internal name, {@code a/b/C}). */
    long offset(String declaringClass, String name);
}
