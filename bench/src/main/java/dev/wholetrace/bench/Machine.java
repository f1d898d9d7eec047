package dev.wholetrace.bench;

import dev.wholetrace.report.MarkdownTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;

/** Machine facts for the report header. */
public record Machine(int nproc, String cpu, long memBytes, String java, String os, String date, String valgrind) {
    /** The three load averages of /proc/loadavg ("1 5 15" minutes), or "unknown" (not Linux). */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    public static Machine describe() {
        String cpu = "?";
        long mem = 0;
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    cpu = l.substring(l.indexOf(':') + 1).trim();
                    break;
                }
            }
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) mem = Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: leave the defaults
        }
        String valgrind = "not found";
        try {
            Process p = new ProcessBuilder(LackeyTraces.VALGRIND, "--version").redirectErrorStream(true).start();
            valgrind = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor();
        } catch (IOException | InterruptedException e) {
            // keep "not found"
        }
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB";
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
        String date = ZonedDateTime.now(ZoneOffset.UTC).withNano(0).toString();
        return new Machine(Runtime.getRuntime().availableProcessors(), cpu, mem, jvm, os, date, valgrind);
    }

    /** The table that opens a benchmark file: date, cores, CPU, memory, Java ({@code javaLabel}) and OS; a report adds its own rows. */
    public MarkdownTable markdownTable(String javaLabel) {
        return new MarkdownTable().left("machine").left(null).row("date (UTC)", date).row("nproc", nproc).row("CPU", cpu)
                .row("RAM", String.format(Locale.ROOT, "%.1f GiB", memBytes / (double) (1L << 30))).row(javaLabel, java).row("OS", os);
    }

    public String summary() {
        return String.format(Locale.ROOT, "%d cores (%s), %.1f GiB RAM, %s", nproc, cpu, memBytes / (double) (1L << 30), java);
    }
}
