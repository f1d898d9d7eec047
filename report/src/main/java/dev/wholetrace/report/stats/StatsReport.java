package dev.wholetrace.report.stats;

import dev.wholetrace.analysis.stats.TraceStats;
import dev.wholetrace.reader.ParallelTrace;

/**
 * What {@code stats} prints: the trace's facts and its statistics.
 *
 * @param file  the trace file as named on the command line
 * @param trace the trace (mode, status, threads, properties)
 * @param stats its events and sizes per thread and in total
 */
public record StatsReport(String file, ParallelTrace trace, TraceStats stats) {}
