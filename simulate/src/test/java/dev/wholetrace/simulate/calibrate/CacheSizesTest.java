package dev.wholetrace.simulate.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheSizesTest {
    @TempDir
    Path dir;

    private void index(int i, int level, String type, String size) throws Exception {
        Path p = Files.createDirectories(dir.resolve("index" + i));
        Files.writeString(p.resolve("level"), level + "\n");
        Files.writeString(p.resolve("type"), type + "\n");
        Files.writeString(p.resolve("size"), size + "\n");
    }

    @Test
    void readsTheDataAndUnifiedLevelsOneAndTwo() throws Exception {
        index(0, 1, "Data", "48K");
        index(1, 1, "Instruction", "64K");
        index(2, 2, "Unified", "2048K");
        index(3, 3, "Unified", "491520K");
        assertThat(CacheSizes.read(dir)).isEqualTo(Map.of("l1", 48L << 10, "l2", 2048L << 10));
    }

    @Test
    void noSysfsOrABadOneGivesNoSizes() throws Exception {
        assertThat(CacheSizes.read(dir.resolve("absent"))).isEmpty();
        index(0, 1, "Data", "lots");
        assertThat(CacheSizes.read(dir)).isEmpty();
    }

    @Test
    void sizesTakeTheKernelsUnits() {
        assertThat(CacheSizes.bytes("32K")).isEqualTo(32 << 10);
        assertThat(CacheSizes.bytes("1M")).isEqualTo(1 << 20);
        assertThat(CacheSizes.bytes("4096")).isEqualTo(4096);
    }
}
