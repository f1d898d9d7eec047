package dev.wholetrace.model.event;

/**
 * What one kind of per-thread stream is: the descriptor that the recorder, the {@code .wtrace}
 * codec and the reader consult instead of naming the streams one by one. The known kinds are
 * registered in {@link StreamKinds}; a {@link TraceMode} is a named set of them.
 *
 * <p>Every stream kind owns one alphabet per thread: a table of symbols (pairs of longs) that
 * grows chunk by chunk, whose dense ids are the terminals of the kind's grammars.
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
 */
public record StreamKind(int id, String name, String alphabet, boolean perInstruction, boolean syncCounts, StreamKind keyedBy) {

    public StreamKind {
        if (id <= 0 || id > StreamKinds.MAX_ID) throw new IllegalArgumentException("stream kind id " + id + " outside 1.." + StreamKinds.MAX_ID);
        if (perInstruction != (keyedBy != null)) throw new IllegalArgumentException("a per-instruction stream names the kind that keys it");
    }

    @Override
    public String toString() {
        return name;
    }
}
