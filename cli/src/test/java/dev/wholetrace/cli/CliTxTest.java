package dev.wholetrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wholetrace tx}: the --help examples run on the shipped files; bad input is one line and exit 2. */
class CliTxTest {
    static String ex(String name) {
        Path p = Path.of("docs/examples/tx");
        if (!Files.isDirectory(p)) p = Path.of("../docs/examples/tx");
        return p.resolve(name).toString();
    }

    @Test
    void subcommandsRunOnTheShippedExamples() throws Exception {
        Cli parse = Cli.run("tx", "parse", ex("fig14.tx"));
        assertThat(parse.exit()).as(parse.toString()).isZero();
        assertThat(parse.out()).contains("structured form").contains("B1").contains("3");
        Cli run = Cli.run("tx", "run", ex("fig04.tx"), "--procs", "2", "--format", "json");
        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.out()).startsWith("{\"program\":\"fig04.tx\"").contains("\"stmt\":\"B4\"");
        Cli explore = Cli.run("tx", "explore", ex("fig04.tx"));
        assertThat(explore.out()).contains("2 patterns");
        Cli tcp = Cli.run("tx", "tcp", ex("fig14.tx"));
        assertThat(tcp.out()).contains("TCPs A0, A1, B0, B4, C0, C4");
        Cli both = Cli.run("tx", "tcp", ex("fig27.tx"), "--method", "both", "--taxonomy");
        assertThat(both.out()).contains("svd-graph").contains("nondeterministic conditional");
        Cli cor = Cli.run("tx", "correspond", ex("fig14.tx"), "--seed-a", "1", "--seed-b", "4");
        assertThat(cor.exit()).as(cor.toString()).isZero();
        assertThat(cor.out()).contains("A [B5] B [B6 B7]");
        Cli x = Cli.run("tx", "extrapolate", ex("fig39.tx"), "--input", "0", "--source", ex("machine-a.properties"), "--target",
                ex("machine-b.properties"), "--compare", "--format", "json");
        assertThat(x.exit()).as(x.toString()).isZero();
        assertThat(x.out()).contains("\"fdist\":").contains("\"compare\":");
        assertThat(Cli.run("tx", "--help").out()).contains("docs/examples/tx/fig14.tx");
        Path a = Files.createTempFile("a", ".txtrace"), b = Files.createTempFile("b", ".txtrace");
        assertThat(Cli.run("tx", "run", ex("counter.tx"), "--input", "20", "--seed", "3", "-o", a.toString(), "--force").exit()).isZero();
        assertThat(Cli.run("tx", "run", ex("counter.tx"), "--input", "20", "--seed", "9", "-o", b.toString(), "--force").exit()).isZero();
        Cli fromFiles = Cli.run("tx", "correspond", ex("counter.tx"), "--trace-a", a.toString(), "--trace-b", b.toString());
        Cli fromRuns = Cli.run("tx", "correspond", ex("counter.tx"), "--input", "20", "--seed-a", "3", "--seed-b", "9");
        assertThat(fromFiles.exit()).as(fromFiles.toString()).isZero();
        assertThat(fromFiles.out()).isEqualTo(fromRuns.out()).contains("divergent regions");
        Cli xFile = Cli.run("tx", "extrapolate", ex("counter.tx"), "--input", "20", "--source-trace", a.toString(), "--target", ex("machine-b.properties"));
        Cli xRun = Cli.run("tx", "extrapolate", ex("counter.tx"), "--input", "20", "--seed", "3", "--target", ex("machine-b.properties"));
        assertThat(xFile.exit()).as(xFile.toString()).isZero();
        assertThat(xFile.out().lines().skip(1).toList()).isEqualTo(xRun.out().lines().skip(1).toList());
        Cli foreign = Cli.run("tx", "correspond", ex("fig14.tx"), "--trace-a", a.toString(), "--trace-b", b.toString());
        assertThat(foreign.exit()).isEqualTo(2);
        assertThat(foreign.errLines()).hasSize(1);
        assertThat(foreign.err()).contains("the trace is of another program");
        Files.delete(a);
        Files.delete(b);
        Cli proc = Cli.run("tx", "tcp", ex("procedures.tx"));
        assertThat(proc.exit()).as(proc.toString()).isZero();
        assertThat(proc.out()).contains("procedure deposit (inlined, §8.6): TCPs P0 (at B1, C1), P2 (at B1, C1)");
        Cli pure = Cli.run("tx", "tcp", ex("procedures-pure.tx"), "--method", "both");
        assertThat(pure.exit()).as(pure.toString()).isZero();
        assertThat(pure.out()).contains("procedure check (inlined, §8.6): TCPs R0 (at C3)")
                .contains("procedure check (side-effect free: one summary for 2 calls, §8.6): TCPs R0 (at B2, C3)")
                .contains("procedure add (inlined, §8.6): TCPs P0 (at B1)");
    }

    /**
     * Done means for issue 21: every example in {@code tx --help} and each subcommand's runs as printed (continuation
     * lines joined) on the files shipped in docs/examples/tx, the traces a.txtrace and b.txtrace made by tx run's own
     * examples; every example line fits in 80 columns, so the help never wraps one mid-word.
     */
    @Test
    void everyHelpExampleRunsOnTheShippedFiles(@TempDir Path dir) throws Exception {
        List<List<String>> examples = new ArrayList<>();
        Set<String> covered = new TreeSet<>();
        for (String sub : List.of("", "parse", "run", "explore", "tcp", "correspond", "extrapolate")) {
            Cli help = sub.isEmpty() ? Cli.run("tx", "--help") : Cli.run("tx", sub, "--help");
            assertThat(help.exit()).isZero();
            String footer = help.out().substring(help.out().indexOf("Examples"));
            for (String line : footer.lines().toList()) assertThat(line.length()).as(line).isLessThanOrEqualTo(80);
            for (String line : footer.replaceAll(" \\\\\\R\\s*", " ").lines().toList()) {
                if (!line.startsWith("  wholetrace tx ")) continue;
                List<String> args = new ArrayList<>();
                for (String w : line.strip().split("\\s+")) {
                    if (w.startsWith("docs/examples/tx/")) w = ex(w.substring("docs/examples/tx/".length()));
                    else if (w.endsWith(".txtrace")) w = dir.resolve(w).toString();
                    args.add(w);
                }
                examples.add(args.subList(1, args.size()));
                if (sub.equals(args.get(2))) covered.add(sub);
            }
        }
        assertThat(covered).containsExactlyInAnyOrder("parse", "run", "explore", "tcp", "correspond", "extrapolate");
        // tx run's examples save the traces the others read: run them first
        examples.sort(java.util.Comparator.comparing(a -> a.contains("-o") ? 0 : 1));
        for (List<String> args : examples) {
            Cli c = Cli.run(args);
            assertThat(c.exit()).as("%s%n%s", String.join(" ", args), c).isZero();
            assertThat(c.out()).as(String.join(" ", args)).isNotBlank();
        }
        assertThat(examples.size()).isGreaterThanOrEqualTo(25);
    }

    @Test
    void theIntermediateFormIsAnalysedWithItsAffectingPoints() throws Exception {
        Cli tcp = Cli.run("tx", "tcp", ex("fig11.tx"), "--method", "both", "--taxonomy");
        assertThat(tcp.exit()).as(tcp.toString()).isZero();
        // §4.1: the busy wait B, the array reference E2 and the loop test G of each task; TAPs of B0 are A0, A1 and D1.
        assertThat(tcp.out()).contains("worklist").contains("svd-graph")
                .contains("TCPs L5, L11, B (task 0), E2 (task 0), G (task 0), B (task 1), E2 (task 1), G (task 1)")
                .contains("B (task 0)  dynamic             nondeterministic conditional (TCP); TAPs A (task 0), A (task 1), D (task 1)")
                .contains("E1 (task 1) static              static statement");
        Cli json = Cli.run("tx", "tcp", ex("fig11.tx"), "--taxonomy", "--format", "json");
        assertThat(json.exit()).isZero();
        assertThat(json.out()).contains("\"statement\":\"E2 (task 0)\",\"kind\":\"dynamic\",\"class\":\"dynamic dependent (TCP)\",\"affectingPoints\":[\"C (task 0)\",\"C (task 1)\"]");
        Cli tbb = Cli.run("tx", "tcp", ex("fig14.tx"), "--tbb");
        assertThat(tbb.exit()).as(tbb.toString()).isZero();
        assertThat(tbb.out()).contains("TBB flow graph (§10.4.1, from the worklist sets, 15 blocks):")
                .contains("b3   unlock      [B1 B2 B3] 5 instructions, starts at a CP, kills x, lk -> b4")
                .contains("b4   tcp         [B4] 1 instructions, its CP in b7, depends on x -> b5 b6");
        Cli tbbJson = Cli.run("tx", "tcp", ex("fig11.tx"), "--tbb", "--taxonomy", "--format", "json");
        assertThat(tbbJson.exit()).isZero();
        assertThat(tbbJson.out()).contains("\"taxonomy\":[").contains("\"tbb\":[{\"block\":0,\"type\":\"tcp\"");
        Cli corr = Cli.run("tx", "correspond", ex("fig11.tx"), "--format", "json");
        assertThat(corr.exit()).as(corr.toString()).isZero();
    }

    @Test
    void badInputIsOneLineAndExit2(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.tx");
        Files.writeString(bad, "begin\n  int a\n  a = b + 1\nend\n");
        Cli c = Cli.run("tx", "run", bad.toString());
        assertThat(c.exit()).isEqualTo(2);
        assertThat(c.err().strip()).isEqualTo("wholetrace: " + bad + ":3:7: undeclared variable b (A1: programs are error free)");
        Files.writeString(bad, "begin\n  int a\n  for a = 1 to 2\n    a = 1\nend\n");
        Cli loop = Cli.run("tx", "run", bad.toString(), "--max-instructions", "1000");
        assertThat(loop.exit()).isEqualTo(2);
        assertThat(loop.err()).contains("did not halt within 1000 instructions").doesNotContain("\tat ");
        Cli extrapolate = Cli.run("tx", "extrapolate", ex("fig11.tx"), "--target", ex("machine-b.properties"));
        assertThat(extrapolate.exit()).as(extrapolate.toString()).isEqualTo(2);
        assertThat(extrapolate.err()).contains("extrapolation needs the structured form").doesNotContain("\tat ");
        assertThat(Cli.run("tx", "run", ex("fig04.tx"), "--machine", dir.resolve("none.properties").toString()).exit()).isEqualTo(2);
        Files.writeString(bad, "begin\n  shared int x = 0;\nA1: call f(1);\n  end\nprocedure f(a)\n  call f(a);\n");
        Cli rec = Cli.run("tx", "run", bad.toString());
        assertThat(rec.exit()).isEqualTo(2);
        assertThat(rec.errLines()).hasSize(1);
        assertThat(rec.err()).contains(":6:3: procedure f calls itself");
        // tx tcp lists a function's TCPs under "function", not "procedure"
        Files.writeString(bad, "begin\n  shared int x = 0\n  int a\nA1: a = f(1)\nend\nfunction f(v)\nF0: if x > v then\nF1:   v = x\nF2: return v\n");
        Cli fn = Cli.run("tx", "tcp", bad.toString());
        assertThat(fn.exit()).as(fn.toString()).isZero();
        assertThat(fn.out()).contains("function f (inlined, §8.6): TCPs F0 (at A1)").doesNotContain("procedure f");
        // a program given as a trace file is named as what it is not
        Cli notTrace = Cli.run("tx", "correspond", ex("fig14.tx"), "--trace-a", ex("fig14.tx"), "--trace-b", ex("fig14.tx"));
        assertThat(notTrace.exit()).isEqualTo(2);
        assertThat(notTrace.errLines()).singleElement().asString().contains(":1:1: not a tx trace file (it starts with '//'");
        Cli none = Cli.run("tx");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err().strip()).isEqualTo("wholetrace: missing tx command (see 'wholetrace tx --help')");
        Cli zero = Cli.run("tx", "run", ex("fig04.tx"), "--max-instructions", "0");
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.err().strip()).isEqualTo("wholetrace: --max-instructions must be at least 1, not 0");
        Files.writeString(bad, "begin\n  int i, j\n  for (i = 0; i < 3; j++)\n    print(i)\nend\n");
        Cli cLoop = Cli.run("tx", "parse", bad.toString());
        assertThat(cLoop.exit()).isEqualTo(2);
        assertThat(cLoop.err().strip()).isEqualTo("wholetrace: " + bad + ":3:22: the for loop steps j, not its variable i");
    }
}
