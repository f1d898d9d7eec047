package dev.wholetrace.simulate.egraph;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.objectweb.asm.tree.ClassNode;

/**
 * Whether one class is a subtype of another among the classes a lookup can read (the program's, or
 * the JDK's), remembered per pair: class-hierarchy analysis asks the same pairs at every call site.
 * A class the lookup cannot read is a subtype only of itself.
 */
final class SubtypeCheck {
    private final Function<String, ClassNode> classes;
    private final Map<String, Boolean> known = new HashMap<>();

    /** @param classes the class of an internal name, or null when it cannot be read */
    SubtypeCheck(Function<String, ClassNode> classes) {
        this.classes = classes;
    }

    /** Whether {@code cls} is {@code of}, extends it or implements it (internal names). */
    boolean isSubtype(String cls, String of) {
        if (cls.equals(of)) return true;
        String key = cls + ">" + of;
        Boolean answer = known.get(key);
        if (answer != null) return answer;
        ClassNode c = classes.apply(cls);
        boolean is = false;
        if (c != null) {
            is = c.superName != null && isSubtype(c.superName, of);
            for (String i : c.interfaces) is = is || isSubtype(i, of);
        }
        known.put(key, is);
        return is;
    }
}
