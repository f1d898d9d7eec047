package dev.wholetrace.workloads.races;

/**
 * {@link FinalFieldRacyPublishYes} with a plain field: the writer stores a new instance in {@code
 * shared}, the reader spins on {@code shared} (the race) and reads the object's {@code value}, which
 * the constructor wrote with nothing ordering it before the read (the reader may see 0). Races on
 * {@code shared} and on {@code value}; the second is an artifact of the first (the reader found the
 * object through the racy read).
 */
public final class NonFinalFieldRacyPublishYes {
    public static final String[] RACES = {"NonFinalFieldRacyPublishYes.shared", "NonFinalFieldRacyPublishYes.value"};
    public static final String[] ARTIFACTS = {"NonFinalFieldRacyPublishYes.value <- NonFinalFieldRacyPublishYes.shared"};

    static NonFinalFieldRacyPublishYes shared;
    int value;

    NonFinalFieldRacyPublishYes(int value) {
        this.value = value;
    }

    public static void main(String[] args) throws Exception {
        shared = null;
        Thread writer = new Thread(() -> shared = new NonFinalFieldRacyPublishYes(42));
        Thread reader = new Thread(() -> {
            NonFinalFieldRacyPublishYes s;
            while ((s = shared) == null) Thread.yield();
            int v = s.value;
            if (v != 42 && v != 0) throw new AssertionError(v);
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
