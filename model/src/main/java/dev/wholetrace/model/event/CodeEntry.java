package dev.wholetrace.model.event;

/**
 * What a block id or an instruction id means in the program: where it is and what it does. For a
 * block, {@code bci} is its first bytecode index and {@code text} its bytecode; for an
 * instruction (a load/store or a sync site), the instruction's own index and text. A bytecode
 * index is the offset in the method's original (uninstrumented) code array, as javap prints it;
 * -1 for a site with no single instruction (docs/agent.md, "The code map").
 */
public record CodeEntry(int id, String className, String method, String descriptor, int line, int bci, String text) {

    /** {@code Class.method:line}, the short form used in reports (the class dotted: {@link #dottedClassName}). */
    public String where() {
        return dottedClassName() + "." + method + (line > 0 ? ":" + line : "");
    }

    /**
     * The class's name with dots, as outputs show it. The agent's JDK hook sites are stored with the
     * internal name ({@code java/util/concurrent/ConcurrentHashMap}) and program sites dotted; dotting
     * here, where they are shown, makes every trace read alike, those already recorded included.
     */
    public String dottedClassName() {
        return className.replace('/', '.');
    }
}
