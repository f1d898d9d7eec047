package dev.wholetrace.report.events;

/**
 * Where a segment of a thread's events lies, for the first line of {@code segment}: the sync
 * operations and event numbers it spans and either the lowest common rule of its WPP that holds
 * it, or (when it crosses chunks, whose grammars differ) the chunks it spans.
 *
 * @param thread          the thread's index
 * @param threadName      its name
 * @param fromOp          the first sync operation (numbered in the thread)
 * @param toOp            the last sync operation, included
 * @param firstEvent      the thread's event number of the first sync operation
 * @param lastEvent       the thread's event number of the last one
 * @param firstChunk      the chunk of the first event
 * @param lastChunk       the chunk of the last event
 * @param rule            the lowest common rule, or null when the segment spans chunks
 * @param ruleLength      the rule's expanded length (0 without a rule)
 * @param fromInRule      the segment's first offset in the rule's expansion (without a rule: in the first chunk's WPP)
 * @param toInRule        its last offset in the rule's expansion (without a rule: in the last chunk's WPP)
 */
public record SegmentHeader(int thread, String threadName, long fromOp, long toOp, long firstEvent, long lastEvent,
                            int firstChunk, int lastChunk, Integer rule, long ruleLength, long fromInRule, long toInRule) {
    /** The number of events in the segment. */
    public long events() {
        return lastEvent - firstEvent + 1;
    }
}
