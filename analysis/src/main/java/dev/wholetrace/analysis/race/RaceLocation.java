package dev.wholetrace.analysis.race;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.HeapAccess;

/**
 * The memory a race is on, named the way a user thinks of it: a static field, a field of one object
 * of a class (a collection's contents with the field the collection was loaded from), or an element
 * of an array together with the field the array was loaded from. The trace
 * gives addresses as (object id, offset); the object id means nothing outside the trace, so it is
 * shown only where two instances of one race must be told apart, and labelled as the trace's.
 *
 * @param kind        which kind of memory
 * @param field       the field as {@code SimpleClass.name} (fields), or null (arrays)
 * @param elementType an array element's Java type ({@code int}, {@code Object}), or null (fields)
 * @param width       bytes per array element (an address's offset divided by it is the index)
 * @param holderField the field the array or the collection was loaded from ({@code Grid.cells},
 *                    {@code Cache.entries}), or null when the bytecode does not show it or was not found
 */
public record RaceLocation(Kind kind, String field, String elementType, int width, String holderField) {
    /** Static field, instance field, or array element. */
    public enum Kind { STATIC_FIELD, FIELD, ARRAY_ELEMENT }

    /**
     * The location at {@code address} in words: "field x of one Point", "element [6] of the int[] in
     * Grid.cells", "the contents of the HashMap in Cache.entries".
     */
    public String describe(long address) {
        return switch (kind) {
            case STATIC_FIELD -> "static field " + field;
            case FIELD -> {
                int dot = field.lastIndexOf('.');
                String owner = dot < 0 ? "object" : field.substring(0, dot), name = field.substring(dot + 1);
                // a call on a JDK collection that is not thread-safe touches its contents (the agent's pseudo-field <contents>)
                if (!name.equals(HeapAccess.CONTENTS)) yield "field " + name + " of one " + owner;
                yield holderField != null ? "the contents of the " + owner + " in " + holderField : "the contents of one " + owner;
            }
            case ARRAY_ELEMENT -> "element [" + Addresses.offset(address) / width + "] of "
                    + (holderField != null ? "the " + elementType + "[] in " + holderField
                            : article(elementType) + " " + elementType + "[] (the field holding it is not known)");
        };
    }

    /**
     * {@link #describe} plus, for an object's field or an array element, which object of the trace it
     * was ("object #3 of the trace"): only the trace numbers objects; two such numbers differ exactly
     * when the objects differ.
     */
    public String describeWithObject(long address) {
        return kind == Kind.STATIC_FIELD ? describe(address) : describe(address) + " (object #" + Addresses.object(address) + " of the trace)";
    }

    /** The variable without an index: {@code Class.field}, or {@code Class.field[]} / {@code int[]} for an array element. */
    public String variable() {
        if (kind != Kind.ARRAY_ELEMENT) return field;
        return holderField != null ? holderField + "[]" : elementType + "[]";
    }

    private static String article(String word) {
        return "aeiouAEIOU".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
    }
}
