package dev.wholetrace.format.regrammar;

/**
 * How far a rewrite that is not a plain re-pack has come, for a progress display: {@code done}
 * of {@code total} in {@code phase} ("reading chunks", "merging threads", "packing the merged
 * chunk", "chunks written"). A merge reads every chunk, then builds each thread's grammar, then
 * packs one chunk; a STRATA recording's rewrite chooses each chunk's layers and writes it in turn. Before, both reported
 * nothing until they ended, and the line stayed at 0 % for the whole wait (session 43).
 */
@FunctionalInterface
public interface RewriteProgress {
    /** Nothing is reported. */
    RewriteProgress NONE = (phase, done, total) -> {};

    void at(String phase, long done, long total);
}
