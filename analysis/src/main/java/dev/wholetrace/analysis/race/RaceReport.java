package dev.wholetrace.analysis.race;

import dev.wholetrace.analysis.dataflow.AccessSources;
import dev.wholetrace.analysis.dataflow.ProgramBytecode;
import dev.wholetrace.bytecode.BytecodeOffsets;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.CodeMap;
import dev.wholetrace.model.event.HeapAccess;
import dev.wholetrace.reader.TraceView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * The races of a trace as a user reads them: each side's place in the program and what it touched,
 * and which races are artifacts of others (parallel-wpp-compression §4.2, after Netzer and Miller):
 * a race one of whose accesses has its address or its execution decided, through local data flow,
 * by a value that a read of another race loaded is reported as that race's artifact.
 *
 * <p>Both need the program's bytecode ({@link ProgramBytecode}): the field an array came from, and
 * the data flow. Without it the report still names fields and array types, and every race counts as
 * a first race; {@link #note} says why.
 */
public record RaceReport(List<Finding> findings, RaceDetector.Stats stats, String note) {
    /**
     * One side of a race: where the instruction is, whether it reads or writes, what it touched.
     *
     * @param target     the short name of what it touched at the example's address ({@code Class.field},
     *                   {@code Class.field:int[][6]}, {@code int[][6]})
     * @param sourceFile the class's source file as its bytecode's SourceFile attribute names it, or, when
     *                   the class file was not found or has none, the outer class's simple name + ".java"
     * @param location   what it touched, for naming it in words ({@link RaceLocation#describe})
     */
    public record Side(int instruction, String className, String method, String descriptor, int line, int bci, String access,
                       String target, String sourceFile, RaceLocation location) {
        public boolean isRead() {
            return access.equals("read");
        }

        /** The source file's path under a source root: the package's directories, then {@link #sourceFile}. */
        public String sourcePath() {
            int dot = className.lastIndexOf('.');
            return dot < 0 ? sourceFile : className.substring(0, dot).replace('.', '/') + "/" + sourceFile;
        }

        /** The class name without its package. */
        public String simpleClassName() {
            return className.substring(className.lastIndexOf('.') + 1);
        }

        /** {@code Class.method:line} with the class's simple name (no {@code :line} when the line is unknown): how reports name a side. */
        public String shortLocation() {
            return simpleClassName() + methodAndLine();
        }

        /** {@code pkg.Class.method:line}, as {@link #shortLocation} with the class's full name. */
        public String qualifiedLocation() {
            return className + methodAndLine();
        }

        private String methodAndLine() {
            return "." + method + (line > 0 ? ":" + line : "");
        }
    }

    /**
     * A race: its two sides, dynamic count (a lower bound when {@code countIsLowerBound}: {@link
     * Race#countIsLowerBound}), example, instances, and the index of the race it is an artifact of (null: a first race).
     */
    public record Finding(Side a, Side b, long count, Race.Instance example, List<Race.Instance> instances, Integer artifactOf,
                          boolean countIsLowerBound) {
        /** A finding whose count is exact. */
        public Finding(Side a, Side b, long count, Race.Instance example, List<Race.Instance> instances, Integer artifactOf) {
            this(a, b, count, example, instances, artifactOf, false);
        }

        /** The memory raced on, from the side that knows most about it (the field an array came from). */
        public RaceLocation location() {
            RaceLocation la = a.location(), lb = b.location();
            if (la == null) return lb;
            return la.holderField() == null && lb != null && lb.holderField() != null ? lb : la;
        }

        /** The memory at {@code address} in words ({@link RaceLocation#describe}), with the trace's object number if asked. */
        public String describe(long address, boolean withObject) {
            RaceLocation l = location();
            if (l == null) return "address " + dev.wholetrace.model.event.Addresses.format(address);
            return withObject ? l.describeWithObject(address) : l.describe(address);
        }
    }

    public static RaceReport of(TraceView trace, RaceDetector.Result result, ProgramBytecode bytecode) {
        // nothing to name: the code map, decoded when first asked for, is not (a race-free CI run's opening stays cheap)
        if (result.races().isEmpty()) return new RaceReport(List.of(), result.stats(), null);
        Methods methods = new Methods(trace.code(), bytecode);
        List<Side[]> sides = new ArrayList<>();
        for (Race r : result.races()) {
            sides.add(new Side[] {methods.side(r.a(), r.example().address()), methods.side(r.b(), r.example().address())});
        }
        Integer[] parent = artifacts(result.races(), sides, methods);
        List<Finding> findings = new ArrayList<>();
        for (int k = 0; k < result.races().size(); k++) {
            Race r = result.races().get(k);
            findings.add(new Finding(sides.get(k)[0], sides.get(k)[1], r.count(), r.example(), r.instances(), parent[k], r.countIsLowerBound()));
        }
        return new RaceReport(findings, result.stats(), methods.note());
    }

    /**
     * Race k is a candidate artifact of race j when a read of j decides an access of k. First races
     * are those without candidates; an artifact points at a candidate already placed, a first race
     * when it can; candidates only in a cycle leave a race a first race.
     */
    private static Integer[] artifacts(List<Race> races, List<Side[]> sides, Methods methods) {
        int n = races.size();
        Map<Integer, List<Integer>> readBy = new HashMap<>(); // read instruction → races it is in
        for (int j = 0; j < n; j++) {
            for (Side s : sides.get(j)) if (s.isRead()) readBy.computeIfAbsent(s.instruction(), x -> new ArrayList<>()).add(j);
        }
        List<Set<Integer>> candidates = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            Set<Integer> c = new LinkedHashSet<>();
            for (Side s : sides.get(k)) {
                for (int read : methods.sources(s.instruction())) for (int j : readBy.getOrDefault(read, List.of())) if (j != k) c.add(j);
            }
            candidates.add(c);
        }
        Integer[] parent = new Integer[n];
        boolean[] placed = new boolean[n];
        boolean[] first = new boolean[n];
        for (int k = 0; k < n; k++) if (candidates.get(k).isEmpty()) placed[k] = first[k] = true;
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int k = 0; k < n; k++) {
                if (placed[k]) continue;
                Integer pick = null;
                for (int j : candidates.get(k)) {
                    if (placed[j] && (pick == null || first[j] && !first[pick])) pick = j;
                }
                if (pick != null) {
                    parent[k] = pick;
                    placed[k] = progress = true;
                }
            }
        }
        return parent;
    }

    /** The code map's instructions, their methods' bytecode facts (computed once per method), and what was missing. */
    private static final class Methods {
        private final CodeMap code;
        private final ProgramBytecode bytecode;
        private final Map<String, Integer> byPlace = new HashMap<>(); // class.method+desc@bci → instruction id
        private final Map<String, MethodFacts> facts = new HashMap<>();
        private final Set<String> missing = new HashSet<>();
        private int withoutBci;

        private final Map<String, ParsedClass> classes = new HashMap<>();

        record ParsedClass(ClassNode node, Map<String, int[]> offsets) {}

        /** A method's analysis: the bci of each real instruction, and what AccessSources found. */
        record MethodFacts(int[] bcis, Map<Integer, Integer> indexOfBci, AccessSources.Facts facts) {}

        Methods(CodeMap code, ProgramBytecode bytecode) {
            this.code = code;
            this.bytecode = bytecode;
            for (int i = 0; i < code.instructionCount(); i++) {
                CodeEntry e = code.instruction(i);
                // only heap accesses: a sync site can share its instruction's bci (a class-init use before a GETSTATIC)
                if (e != null && e.bci() >= 0 && HeapAccess.of(e) != null) byPlace.put(place(e, e.bci()), i);
            }
        }

        private static String place(CodeEntry e, int bci) {
            return e.className() + "." + e.method() + e.descriptor() + "@" + bci;
        }

        Side side(int instruction, long address) {
            CodeEntry e = code.instruction(instruction);
            HeapAccess a = HeapAccess.of(e);
            if (a == null) return new Side(instruction, "?", "?", "", 0, -1, "?", "instruction " + instruction, "?", null);
            RaceLocation location = location(e, a);
            String target = location.holderField() == null ? a.target(address) : location.holderField() + ":" + a.target(address);
            String className = e.dottedClassName();
            return new Side(instruction, className, e.method(), e.descriptor(), e.line(), e.bci(), a.access(), target,
                    sourceFile(className), location);
        }

        /** The field, or the array element or collection with the field it was loaded from when the bytecode shows it. */
        private RaceLocation location(CodeEntry e, HeapAccess a) {
            if (a.field() != null && !a.field().endsWith(HeapAccess.CONTENTS)) {
                boolean isStatic = e.text().startsWith("GETSTATIC") || e.text().startsWith("PUTSTATIC");
                return new RaceLocation(isStatic ? RaceLocation.Kind.STATIC_FIELD : RaceLocation.Kind.FIELD, a.field(), null, 0, null);
            }
            MethodFacts f = facts(e);
            Integer index = f == null ? null : f.indexOfBci().get(e.bci());
            String holder = index == null ? null : f.facts().holderFields().get(index);
            return a.field() != null ? new RaceLocation(RaceLocation.Kind.FIELD, a.field(), null, 0, holder)
                    : new RaceLocation(RaceLocation.Kind.ARRAY_ELEMENT, null, a.elementType(), a.width(), holder);
        }

        /** The SourceFile attribute of the class, or the outer class's simple name + ".java" when it is not known. */
        private String sourceFile(String className) {
            ParsedClass c = parsed(className);
            if (c != null && c.node().sourceFile != null) return c.node().sourceFile;
            String simple = className.substring(className.lastIndexOf('.') + 1);
            int dollar = simple.indexOf('$');
            return (dollar > 0 ? simple.substring(0, dollar) : simple) + ".java";
        }

        /** The heap-read instructions (ids) that decide this access, from its method's data flow. */
        Set<Integer> sources(int instruction) {
            CodeEntry e = code.instruction(instruction);
            MethodFacts f = e == null ? null : facts(e);
            if (f == null) return Set.of();
            Integer index = f.indexOfBci().get(e.bci());
            int[] reads = index == null ? null : f.facts().sources().get(index);
            if (reads == null) return Set.of();
            Set<Integer> out = new HashSet<>();
            for (int r : reads) {
                Integer id = byPlace.get(place(e, f.bcis()[r]));
                if (id != null) out.add(id);
            }
            return out;
        }

        private MethodFacts facts(CodeEntry e) {
            if (e.bci() < 0) {
                withoutBci++;
                return null;
            }
            String key = e.className() + "." + e.method() + e.descriptor();
            if (facts.containsKey(key)) return facts.get(key);
            MethodFacts f = null;
            ParsedClass c = parsed(e.className());
            int[] bcis = c == null ? null : c.offsets().get(e.method() + e.descriptor());
            for (MethodNode m : c == null ? List.<MethodNode>of() : c.node().methods) {
                if (bcis == null || !m.name.equals(e.method()) || !m.desc.equals(e.descriptor())) continue;
                Map<Integer, Integer> indexOfBci = new HashMap<>();
                for (int i = 0; i < bcis.length; i++) indexOfBci.put(bcis[i], i);
                try {
                    f = new MethodFacts(bcis, indexOfBci, AccessSources.of(c.node().name, m));
                } catch (AnalyzerException | RuntimeException ex) { // a class that differs from the recorded one, or does not verify
                    missing.add(e.className());
                }
            }
            facts.put(key, f);
            return f;
        }

        /** A class file read once, with every method's bytecode offsets; null when it is not found or not readable. */
        private ParsedClass parsed(String className) {
            if (classes.containsKey(className)) return classes.get(className);
            ParsedClass c = null;
            byte[] classFile = bytecode == null ? null : bytecode.classFile(className);
            if (classFile != null) {
                try {
                    ClassReader reader = new ClassReader(classFile);
                    ClassNode node = new ClassNode();
                    reader.accept(node, 0);
                    c = new ParsedClass(node, BytecodeOffsets.of(reader));
                } catch (RuntimeException ex) { // not a class file ASM can read
                    c = null;
                }
            }
            if (c == null) missing.add(className);
            classes.put(className, c);
            return c;
        }

        /** Why some races could not be fully described, or null. */
        String note() {
            if (withoutBci > 0) {
                return "artifacts not classified and arrays not named by field: the trace's code map has no bytecode offsets "
                        + "(recorded by an older agent)";
            }
            if (!missing.isEmpty()) {
                return "artifacts not classified and arrays not named by field for " + missing.size() + " class"
                        + (missing.size() == 1 ? "" : "es") + " not found on the recorded class path (give --classpath): "
                        + String.join(", ", missing.stream().sorted().limit(5).toList()) + (missing.size() > 5 ? ", …" : "");
            }
            return null;
        }
    }
}
