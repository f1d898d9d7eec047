/** A trace expanded into the raw streams of parallel-wpp-compression §3, the baseline of the compression study. */
package dev.wholetrace.analysis.streams;
