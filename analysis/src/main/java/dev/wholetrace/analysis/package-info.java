/**
 * Questions answered from a recorded execution: each analysis implements {@link
 * dev.wholetrace.analysis.TraceAnalysis} over a {@link dev.wholetrace.reader.TraceView} and is
 * listed in {@link dev.wholetrace.analysis.Analyses}; the subpackages hold them and their result
 * models.
 */
package dev.wholetrace.analysis;
