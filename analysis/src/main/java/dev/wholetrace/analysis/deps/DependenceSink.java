package dev.wholetrace.analysis.deps;

/**
 * Receives dynamic store→load dependences one at a time, each with both ends' thread and position
 * (the event's index in its thread's trace: the paper's timestamps, per thread). For
 * {@link Origin#NO_WRITER} the writer is thread -1, position -1, store -1.
 */
@FunctionalInterface
public interface DependenceSink {
    void dependence(int thread, long position, int load, int writerThread, long writerPosition, int store, Origin origin);
}
