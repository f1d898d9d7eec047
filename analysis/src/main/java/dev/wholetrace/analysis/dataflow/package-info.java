/**
 * Local (intra-method) data flow over the program's bytecode, with ASM's analysis framework: which
 * heap reads decide a heap access's address or whether it runs. Race reports use it to tell artifact
 * races from first races (parallel-wpp-compression §4.2, after Netzer and Miller).
 */
package dev.wholetrace.analysis.dataflow;
