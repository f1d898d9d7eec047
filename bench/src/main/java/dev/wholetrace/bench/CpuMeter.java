package dev.wholetrace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy the rest of the machine was while we measured: all CPU time from /proc/stat minus
 * this JVM's own (and its reaped children's) CPU time, in cores. NaN where /proc is missing.
 */
final class CpuMeter {
    static final double HZ = 100; // USER_HZ on Linux

    record Sample(long wallNanos, long busyTicks, long ownTicks) {}

    private CpuMeter() {}

    static Sample now() {
        long wall = System.nanoTime();
        try {
            String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < cpu.length && i <= 8; i++) if (i != 4 && i != 5) busy += Long.parseLong(cpu[i]); // not idle, iowait
            long[] t = selfTicks();
            return new Sample(wall, busy, t[0] + t[1]);
        } catch (IOException | RuntimeException e) {
            return new Sample(wall, -1, -1);
        }
    }

    /**
     * This JVM's CPU time from /proc/self/stat, in clock ticks: {own (utime + stime), reaped
     * children's (cutime + cstime)}.
     */
    static long[] selfTicks() throws IOException {
        String self = Files.readString(Path.of("/proc/self/stat"));
        String[] f = self.substring(self.lastIndexOf(')') + 2).trim().split("\\s+");
        return new long[] {Long.parseLong(f[11]) + Long.parseLong(f[12]), Long.parseLong(f[13]) + Long.parseLong(f[14])};
    }

    /** Average number of cores that other processes kept busy between {@code a} and {@code b}. */
    static double otherCores(Sample a, Sample b) {
        if (a.busyTicks() < 0 || b.busyTicks() < 0) return Double.NaN;
        double seconds = (b.wallNanos() - a.wallNanos()) / 1e9;
        if (seconds <= 0.5) return Double.NaN; // too short for 10 ms ticks
        double other = ((b.busyTicks() - a.busyTicks()) - (b.ownTicks() - a.ownTicks())) / HZ;
        return Math.max(0, other / seconds);
    }
}
