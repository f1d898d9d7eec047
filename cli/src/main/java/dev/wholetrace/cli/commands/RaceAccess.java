package dev.wholetrace.cli.commands;

import dev.wholetrace.core.event.Addresses;
import dev.wholetrace.core.event.CodeEntry;

/**
 * One side of a reported race, from the code map: where the instruction is, whether it reads or
 * writes, and what it touches (a field as {@code Class.field}, an array element as its type and
 * index, e.g. {@code double[][40]}).
 */
record RaceAccess(String className, String method, int line, int bci, String access, String target) {
    static RaceAccess of(CodeEntry e, int instruction, long address) {
        if (e == null) return new RaceAccess("?", "?", 0, -1, "?", "instruction " + instruction);
        String text = e.text();
        String op = text.split(" ", 2)[0];
        boolean write = op.startsWith("PUT") || op.endsWith("ASTORE");
        return new RaceAccess(e.className(), e.method(), e.line(), e.bci(), write ? "write" : "read", target(op, text, address));
    }

    private static String target(String op, String text, long address) {
        if (op.startsWith("GET") || op.startsWith("PUT")) {
            String field = text.substring(text.lastIndexOf(' ') + 1); // owner.name, the owner's dots included
            int dot = field.lastIndexOf('.', field.lastIndexOf('.') - 1);
            return dot < 0 ? field : field.substring(dot + 1); // the simple class name and the field
        }
        String type = switch (op.charAt(0)) {
            case 'D' -> "double";
            case 'F' -> "float";
            case 'L' -> "long";
            case 'I' -> "int";
            case 'S' -> "short";
            case 'C' -> "char";
            case 'B' -> "byte";
            default -> "Object";
        };
        int width = switch (type) {
            case "double", "long" -> 8;
            case "int", "float", "Object" -> 4;
            case "short", "char" -> 2;
            default -> 1;
        };
        return type + "[][" + Addresses.offset(address) / width + "]";
    }

    String where() {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        return simple + "." + method + (line > 0 ? ":" + line : "") + " (bci " + bci + ")";
    }
}
