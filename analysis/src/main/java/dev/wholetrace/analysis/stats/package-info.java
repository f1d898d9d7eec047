/** What a trace holds and what each part of it costs (parallel-wpp-compression Tables 3–5). */
package dev.wholetrace.analysis.stats;
