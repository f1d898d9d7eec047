package dev.wholetrace.analysis.race;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.event.Addresses;
import org.junit.jupiter.api.Test;

class RaceLocationTest {
    static final long ADDRESS = Addresses.of(3, 24);

    @Test
    void namesFieldsByClassAndArraysByTheFieldHoldingThem() {
        assertThat(new RaceLocation(RaceLocation.Kind.STATIC_FIELD, "Counter.hits", null, 0, null).describeWithObject(ADDRESS))
                .isEqualTo("static field Counter.hits");
        assertThat(new RaceLocation(RaceLocation.Kind.FIELD, "Node.val", null, 0, null).describe(ADDRESS)).isEqualTo("field val of one Node");
        assertThat(new RaceLocation(RaceLocation.Kind.FIELD, "Node.val", null, 0, null).describeWithObject(ADDRESS))
                .isEqualTo("field val of one Node (object #3 of the trace)");
        assertThat(new RaceLocation(RaceLocation.Kind.ARRAY_ELEMENT, null, "int", 4, "Grid.cells").describe(ADDRESS))
                .isEqualTo("element [6] of the int[] in Grid.cells");
        assertThat(new RaceLocation(RaceLocation.Kind.ARRAY_ELEMENT, null, "double", 8, null).describe(ADDRESS))
                .isEqualTo("element [3] of a double[] (the field holding it is not known)");
        assertThat(new RaceLocation(RaceLocation.Kind.ARRAY_ELEMENT, null, "Object", 4, null).describe(ADDRESS)).startsWith("element [6] of an Object[]");
        assertThat(new RaceLocation(RaceLocation.Kind.FIELD, "ArrayList.<contents>", null, 8, null).describe(ADDRESS))
                .isEqualTo("the contents of one ArrayList");
        assertThat(new RaceLocation(RaceLocation.Kind.FIELD, "HashMap.<contents>", null, 8, "Cache.entries").describe(ADDRESS))
                .isEqualTo("the contents of the HashMap in Cache.entries");
    }

    @Test
    void theVariableHasNoIndex() {
        assertThat(new RaceLocation(RaceLocation.Kind.ARRAY_ELEMENT, null, "int", 4, "Grid.cells").variable()).isEqualTo("Grid.cells[]");
        assertThat(new RaceLocation(RaceLocation.Kind.ARRAY_ELEMENT, null, "int", 4, null).variable()).isEqualTo("int[]");
        assertThat(new RaceLocation(RaceLocation.Kind.FIELD, "Node.val", null, 0, null).variable()).isEqualTo("Node.val");
    }
}
