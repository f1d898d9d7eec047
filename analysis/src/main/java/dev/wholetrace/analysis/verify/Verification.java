package dev.wholetrace.analysis.verify;

/**
 * What {@code wholetrace verify} found in one file: valid, with a summary of what it holds, or
 * invalid, with the first thing wrong and where (the error names the section, chunk, thread and
 * file offset when it has them).
 *
 * @param file     the file as given
 * @param kind     "trace" (.wtrace) or "grammar" (.wgr)
 * @param error    null when the file is valid, else what is wrong where (one line)
 * @param version  the file's format version (0 if unknown)
 * @param mode     trace mode label ("cdr", ...) or the grammar file's input format
 * @param complete whether a trace's writer finished (grammar files: true)
 * @param chunks   complete chunks of a trace (grammar files: 0)
 * @param threads  threads of a trace (grammar files: 0)
 * @param events   events of a trace, records of a grammar file: all expanded and counted
 * @param syncOps  S_synch entries of a trace (grammar files: 0)
 */
public record Verification(String file, String kind, String error, int version, String mode, boolean complete, int chunks,
                           int threads, long events, long syncOps) {

    public boolean valid() {
        return error == null;
    }

    /** An invalid file: what is wrong. */
    public static Verification invalid(String file, String kind, String error) {
        return new Verification(file, kind, error, 0, "", false, 0, 0, 0, 0);
    }
}
