package dev.wholetrace.workloads.races;

/**
 * An object with a final field published through a plain static field: the writer stores a new
 * instance in {@code shared}; the reader spins on {@code shared} (a plain read, with Thread.yield:
 * it is the race) and reads the object's final {@code value}. The reference races; the final field
 * does not: JLS 17.5 guarantees that a thread that sees the reference after the constructor finished
 * sees the value the constructor wrote, racy reference or not (the reader checks it).
 */
public final class FinalFieldRacyPublishYes {
    public static final String[] RACES = {"FinalFieldRacyPublishYes.shared"};

    static FinalFieldRacyPublishYes shared;
    final int value;

    FinalFieldRacyPublishYes(int value) {
        this.value = value;
    }

    public static void main(String[] args) throws Exception {
        shared = null;
        Thread writer = new Thread(() -> shared = new FinalFieldRacyPublishYes(42));
        Thread reader = new Thread(() -> {
            FinalFieldRacyPublishYes s;
            while ((s = shared) == null) Thread.yield();
            if (s.value != 42) throw new AssertionError("final field not frozen: " + s.value);
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
        System.out.println("done");
    }
}
