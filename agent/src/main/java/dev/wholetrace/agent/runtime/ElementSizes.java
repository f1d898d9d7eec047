package dev.wholetrace.agent.runtime;

/**
 * The size an array element takes in the agent's addresses, (array id, index × size): 8 for {@code
 * long}/{@code double}, 1 for {@code byte}/{@code boolean}, 2 for {@code char}/{@code short}, 4 for
 * the rest, references included — the sizes the heap probes give element loads and stores
 * (instrument/HeapInstrumenter), so that a handle's or Unsafe's access of an element meets them.
 */
final class ElementSizes {
    private ElementSizes() {}

    static int of(Class<?> component) {
        if (component == long.class || component == double.class) return 8;
        if (component == byte.class || component == boolean.class) return 1;
        if (component == char.class || component == short.class) return 2;
        return 4;
    }
}
