/**
 * A recorded execution as a timeline for trace viewers (Perfetto UI, chrome://tracing): one track
 * per thread with slices for the segments between sync operations, the sync operations themselves
 * and the time a thread holds a monitor or lock, flows for the happens-before hand-overs, counters
 * for event rates. The time axis is the sync order (docs/timeline.md); the writers of the file
 * formats live in the report module.
 */
package dev.wholetrace.analysis.timeline;
