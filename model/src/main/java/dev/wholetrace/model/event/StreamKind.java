package dev.wholetrace.model.event;

import java.util.Objects;

/**
 * What one kind of per-thread stream is: the descriptor that the recorder, the {@code .wtrace}
 * codec and the reader consult instead of naming the streams one by one. The known kinds are
 * registered in {@link StreamKinds}; a {@link TraceMode} is a named set of them.
 *
 * <p>Every stream kind owns one alphabet per thread: a table of symbols (pairs of longs) whose
 * dense ids are the terminals of the kind's grammars. Its scope is the kind's: an alphabet
 * {@linkplain #alphabetPerChunk per chunk} restarts empty in every chunk (symbols that carry data,
 * such as addresses, are as many as the accesses that make them, so a trace-wide table would grow
 * with the trace); one per trace grows chunk by chunk and each symbol is written once (symbols
 * bounded by the program's code, such as block ids).
 *
 * @param id             the stable number written in files (section headers); never reused
 * @param name           lower-case name, used in messages and reports
 * @param alphabet       what the symbols of the kind's alphabet mean (documentation)
 * @param perInstruction whether a thread has one stream of this kind per load/store instruction
 *                       (keyed by the instruction's symbol in {@code keyedBy}'s alphabet) rather
 *                       than one stream
 * @param syncCounts     whether the stream holds the thread's sync operations as terminals and
 *                       carries their sync counts (synch_cnt), so that it can serve as a WPP that
 *                       segments are cut from
 * @param keyedBy        for a per-instruction kind, the kind whose alphabet names the instructions;
 *                       null otherwise
 * @param alphabetPerChunk whether the kind's alphabet restarts in every chunk (from {@code .wtrace}
 *                       version 3; older files kept every alphabet for the whole trace) rather
 *                       than growing for the whole trace; a kind that keys another must keep its
 *                       alphabet per trace
 */
public record StreamKind(int id, String name, String alphabet, boolean perInstruction, boolean syncCounts, StreamKind keyedBy,
                         boolean alphabetPerChunk) {

    public StreamKind {
        if (id <= 0 || id > StreamKinds.MAX_ID) throw new IllegalArgumentException("stream kind id " + id + " outside 1.." + StreamKinds.MAX_ID);
        if (perInstruction != (keyedBy != null)) throw new IllegalArgumentException("a per-instruction stream names the kind that keys it");
        if (keyedBy != null && keyedBy.alphabetPerChunk) throw new IllegalArgumentException("a kind that keys streams keeps its alphabet per trace");
    }

    /**
     * The record's equality, written out: the generated one is bootstrapped through
     * {@code java.lang.invoke} on first use (17-20 ms of CPU in a cold JVM), and opening a trace
     * uses stream kinds as map keys: on a small trace that was a fifth of a cold {@code races}'
     * opening (docs/results/races-profile.md).
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof StreamKind k && id == k.id && perInstruction == k.perInstruction && syncCounts == k.syncCounts
                && alphabetPerChunk == k.alphabetPerChunk && Objects.equals(name, k.name) && Objects.equals(alphabet, k.alphabet)
                && Objects.equals(keyedBy, k.keyedBy);
    }

    /** The id: kinds that are equal have the same id (and registered kinds differ in it). */
    @Override
    public int hashCode() {
        return id;
    }

    @Override
    public String toString() {
        return name;
    }
}
