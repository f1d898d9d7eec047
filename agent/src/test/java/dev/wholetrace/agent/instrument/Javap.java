package dev.wholetrace.agent.instrument;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

/**
 * Test oracle: the JDK's javap ({@code -c -s -p}), which prints every instruction of a method as
 * "offset: mnemonic operands". Parsed into each method's instructions (key name + descriptor),
 * skipping the case lines inside a tableswitch's or lookupswitch's braces.
 */
final class Javap {
    /** One instruction as javap prints it: offset, mnemonic, and the rest of its line (operands, comment). */
    record Insn(int offset, String mnemonic, String rest) {
        /** The mnemonic as ASM names the opcode of the node ClassReader makes of it (iload_1 → ILOAD, goto_w → GOTO, …). */
        String asmName() {
            String m = mnemonic;
            if (m.matches("[ilfda](load|store)_[0-3]")) m = m.substring(0, m.length() - 2);
            if (m.equals("ldc_w") || m.equals("ldc2_w")) m = "ldc";
            if (m.endsWith("_w")) m = m.substring(0, m.length() - 2); // goto_w, jsr_w, and wide forms (iinc_w, iload_w, …)
            return m.toUpperCase();
        }
    }

    private static final Pattern INSN = Pattern.compile("^\\s+(\\d+): (\\S+)(.*)$");

    private Javap() {}

    /** javap's output for {@code classFile}. */
    static String run(Path classFile) {
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = javap.run(new PrintWriter(out), new PrintWriter(err), "-c", "-s", "-p", classFile.toString());
        if (status != 0) throw new IllegalStateException("javap failed: " + err);
        return out.toString();
    }

    /** Every method with code in {@code classFile}, name + descriptor → its instructions in order. */
    static Map<String, List<Insn>> methods(Path classFile) {
        Map<String, List<Insn>> out = new LinkedHashMap<>();
        String name = null;
        String key = null;
        List<Insn> code = null;
        boolean inSwitch = false;
        for (String line : run(classFile).split("\n")) {
            String t = line.trim();
            if (code != null) {
                if (inSwitch) {
                    inSwitch = !t.equals("}");
                    continue;
                }
                Matcher m = INSN.matcher(line);
                if (m.matches()) {
                    code.add(new Insn(Integer.parseInt(m.group(1)), m.group(2), m.group(3).trim()));
                    inSwitch = m.group(2).equals("tableswitch") || m.group(2).equals("lookupswitch");
                    continue;
                }
                if (!t.isEmpty() && !t.equals("}") && !t.equals("Exception table:")) throw new IllegalStateException("unexpected line in code: " + line);
                code = null; // a blank line, the class's end, or an exception table (its rows have no "offset:")
                continue;
            }
            if (line.startsWith("  ") && !line.startsWith("   ") && t.endsWith(";")) {
                name = memberName(t);
            } else if (t.startsWith("descriptor: ") && name != null) {
                key = name + t.substring("descriptor: ".length());
            } else if (t.equals("Code:") && key != null) {
                code = new ArrayList<>();
                out.put(key, code);
                name = null;
                key = null;
            }
        }
        return out;
    }

    /** A method's name from its declaration line ({@code <init>}, {@code <clinit>}); null for a field. */
    private static String memberName(String declaration) {
        if (declaration.startsWith("static {}")) return "<clinit>";
        int paren = declaration.indexOf('(');
        if (paren < 0) return null;
        String before = declaration.substring(0, paren);
        String token = before.substring(before.lastIndexOf(' ') + 1);
        return token.contains(".") ? "<init>" : token; // a constructor is named by its class (dotted, in a package)
    }

    /** The offsets of {@code insns}. */
    static int[] offsets(List<Insn> insns) {
        return insns.stream().mapToInt(Insn::offset).toArray();
    }
}
