package dev.wholetrace.model.event;

/**
 * What a load/store instruction's code-map text says about it. The agent writes the opcode first,
 * then, for a field, the field: {@code DALOAD}, {@code GETFIELD com.example.Grid.cells},
 * {@code PUTSTATIC volatile com.example.Flag.ready} (a volatile access is a sync operation, not a
 * heap access of the trace); a call on a JDK collection that is not thread-safe is an access of the
 * collection's contents, named {@code ArrayList.<contents>}: {@code COLLECTION_WRITE java.util.ArrayList List.add}.
 *
 * @param field the field as {@code SimpleClass.name} (a collection's contents: {@code ArrayList.<contents>}), or null for an array element
 * @param elementType an array element's Java type ({@code double}, {@code Object}, …), or null for a field
 * @param width the bytes one access covers: an array element's size, a field's 8-byte slot
 *     (docs/trace-model.md, "Addresses")
 */
public record HeapAccess(boolean write, String field, String elementType, int width) {
    /** The pseudo-field a collection call touches: the collection's contents. */
    public static final String CONTENTS = "<contents>";

    /** The access {@code e} describes, or null when it is not a heap data access (volatile and fenced accesses are sync operations). */
    public static HeapAccess of(CodeEntry e) {
        if (e == null || e.text().isEmpty()) return null;
        String text = e.text();
        String op = text.split(" ", 2)[0];
        switch (op) {
            case "COLLECTION_READ", "COLLECTION_WRITE" -> {
                // COLLECTION_WRITE java.util.ArrayList List.add: a call on a JDK collection that is not
                // thread-safe, an access of its contents (one pseudo-location per collection)
                String[] words = text.split(" ", 3);
                String type = words.length > 1 ? words[1] : "?";
                return new HeapAccess(op.endsWith("WRITE"), type.substring(type.lastIndexOf('.') + 1) + "." + CONTENTS, null, 8);
            }
            case "GETFIELD", "GETSTATIC", "PUTFIELD", "PUTSTATIC" -> {
                if (text.contains(" volatile ") || text.contains(" fenced ")) return null; // sync operations, not data
                String name = text.substring(text.lastIndexOf(' ') + 1); // owner.field, the owner with its package
                int dot = name.lastIndexOf('.', name.lastIndexOf('.') - 1);
                return new HeapAccess(op.startsWith("PUT"), dot < 0 ? name : name.substring(dot + 1), null, 8);
            }
            default -> {
                boolean load = op.endsWith("ALOAD"), store = op.endsWith("ASTORE");
                if (!load && !store || op.length() != (load ? 6 : 7)) return null;
                return switch (op.charAt(0)) {
                    case 'D' -> new HeapAccess(store, null, "double", 8);
                    case 'L' -> new HeapAccess(store, null, "long", 8);
                    case 'I' -> new HeapAccess(store, null, "int", 4);
                    case 'F' -> new HeapAccess(store, null, "float", 4);
                    case 'A' -> new HeapAccess(store, null, "Object", 4); // a reference: compressed oops
                    case 'C' -> new HeapAccess(store, null, "char", 2);
                    case 'S' -> new HeapAccess(store, null, "short", 2);
                    case 'B' -> new HeapAccess(store, null, "byte", 1); // byte or boolean
                    default -> null;
                };
            }
        }
    }

    /** "read" or "write". */
    public String access() {
        return write ? "write" : "read";
    }

    /** A field's {@code Class.field}, or an array element's type and index at {@code address}: {@code double[][40]}. */
    public String target(long address) {
        return field != null ? field : elementType + "[][" + Addresses.offset(address) / width + "]";
    }
}
