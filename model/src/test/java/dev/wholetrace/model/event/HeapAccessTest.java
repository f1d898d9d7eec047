package dev.wholetrace.model.event;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeapAccessTest {
    private static HeapAccess of(String text) {
        return HeapAccess.of(new CodeEntry(0, "a.B", "m", "()V", 1, 0, text));
    }

    @Test
    void arrayElementsByOpcode() {
        assertThat(of("DALOAD")).isEqualTo(new HeapAccess(false, null, "double", 8));
        assertThat(of("IASTORE")).isEqualTo(new HeapAccess(true, null, "int", 4));
        assertThat(of("AALOAD")).isEqualTo(new HeapAccess(false, null, "Object", 4));
        assertThat(of("SASTORE").width()).isEqualTo(2);
        assertThat(of("BALOAD").width()).isEqualTo(1);
        assertThat(of("DASTORE").target(Addresses.of(3, 320))).isEqualTo("double[][40]");
    }

    @Test
    void fieldsBySimpleClassNameAndVolatilesAreNotHeapAccesses() {
        assertThat(of("GETFIELD com.example.Grid.cells")).isEqualTo(new HeapAccess(false, "Grid.cells", null, 8));
        assertThat(of("PUTSTATIC com.example.Flag.ready").access()).isEqualTo("write");
        assertThat(of("PUTSTATIC volatile com.example.Flag.ready")).isNull();
        assertThat(of("class init use com.example.Flag")).isNull();
        assertThat(of("")).isNull();
        assertThat(HeapAccess.of(null)).isNull();
    }
}
