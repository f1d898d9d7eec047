package dev.wholetrace.analysis.race;

/**
 * Where a race detection is, for a progress display on long jobs: the phase, how far it is and out
 * of how much. {@link RaceDetector} calls it every few ten thousand units of work, so it must be
 * cheap; phases come in order: "happens-before" (sync operations replayed), "reading accesses"
 * (segments read), "comparing" (progressions swept).
 */
@FunctionalInterface
public interface RaceProgress {
    /** Reports nothing. */
    RaceProgress NONE = (phase, done, total) -> {};

    /** In {@code phase}, {@code done} of {@code total} units are done. */
    void at(String phase, long done, long total);
}
