package dev.wholetrace.report;

/**
 * What {@code races} and {@code deps} count, in the words both outputs and both commands' help
 * use: for the same planted race a user saw {@code deps} say "racy 690" and {@code races} say
 * 9,159 dynamic instances (session 45) and took one for wrong. They count different things; each
 * output says what it counts and what the other does. Constants, so that picocli's help
 * annotations can use them.
 */
public final class RaceCounts {
    private RaceCounts() {}

    /** What a finding's dynamic instances are (races). */
    public static final String RACES = "dynamic instances are racing access pairs: every access of one instruction paired with every "
            + "access of the other that no synchronization orders against it (write-write pairs too), so N unordered writes and M reads "
            + "count up to N*M; 'wholetrace deps' counts racy loads instead (each load once, with the store it read), usually fewer";

    /** What the racy origin counts (deps). */
    public static final String DEPS = "racy counts loads: each load that read another thread's store the synchronization does not order "
            + "before it, once (a data race); 'wholetrace races' counts racing access pairs instead (every unordered pair of accesses of the "
            + "two instructions, write-write pairs too), usually more";
}
