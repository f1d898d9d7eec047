package dev.wholetrace.simulate.calibrate;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The data cache sizes of the machine calibrate runs on, as the kernel reports them in sysfs
 * ({@code /sys/devices/system/cpu/cpu0/cache/index*}: {@code level}, {@code type}, {@code size}).
 * Levels 1 and 2 only: the last level (L3) is shared with every other core and program, so what
 * a walk beyond L2 costs is measured as one level, {@code out}, rather than sized.
 */
final class CacheSizes {
    static final Path SYSFS = Path.of("/sys/devices/system/cpu/cpu0/cache");
    private static final int DEEPEST = 2;

    private CacheSizes() {}

    /** Level name ({@code l1}, {@code l2}) → bytes of the data or unified caches under {@code dir}; empty when unknown. */
    static Map<String, Long> read(Path dir) {
        Map<String, Long> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) return out;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "index*")) {
            for (Path index : ds) {
                String type = text(index.resolve("type")), level = text(index.resolve("level")), size = text(index.resolve("size"));
                if (type == null || level == null || size == null || type.equals("Instruction")) continue;
                int l = Integer.parseInt(level);
                if (l < 1 || l > DEEPEST) continue;
                out.put("l" + l, bytes(size));
            }
        } catch (IOException | RuntimeException e) {
            return new TreeMap<>(); // an unreadable sysfs: calibrate without cache costs rather than with half of them
        }
        return out;
    }

    /** {@code 48K}, {@code 2048K}, {@code 1M}, or a plain number of bytes. */
    static long bytes(String size) {
        char unit = Character.toUpperCase(size.charAt(size.length() - 1));
        long scale = switch (unit) {
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            default -> 1;
        };
        return Long.parseLong(scale == 1 ? size : size.substring(0, size.length() - 1)) * scale;
    }

    private static String text(Path p) throws IOException {
        return Files.isReadable(p) ? Files.readString(p).trim() : null;
    }
}
