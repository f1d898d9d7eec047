// Session 50 (issue 19): breaks an eWPP's interleaved eCF SEQUITUR grammar down by terminal class, as `bench ewpp`'s
// *Sizes* builds it (control symbols, each load's check signature after it, OK dropped), plus ablations that replace
// one class's values by a constant (what the grammar would be if that class repeated). Not part of the build; run with
//   java -Xmx6g -cp bench/target/wholetrace-bench.jar bench/tools/EwppGrammarBreakdown.java FILE.wtrace...
// Columns: occurrences in the eCF, distinct (tag, value) symbols, the symbols of that class in the grammar's rule bodies;
// then the grammar's bytes (varint-coded, GrammarCodec) in full and per ablation. Results: docs/results/ewpp-growth.md.
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.StreamKinds;
import dev.wholetrace.model.ewpp.CheckSymbols;
import dev.wholetrace.model.grammar.*;
import dev.wholetrace.model.util.Alphabet;
import dev.wholetrace.reader.ThreadGrammar;
import dev.wholetrace.reader.TraceView;
import java.nio.file.Path;
import java.util.*;

public class EwppGrammarBreakdown {
    static final String[] NAMES = {"OK","NONE","LAST","SEARCH","B0","B1","END","NEW","CROSS","BACK","EVICTED","CROSS_AT","XSTORE"};
    static final int CTL = 13, REF = 14;
    static String name(int c) { return c == CTL ? "control" : c == REF ? "rule refs" : NAMES[c]; }
    // variants: 0 full, 1 no B0/B1 steps, 2 XSTORE value -> writer only, 3 CROSS_AT segments zeroed, 4 CROSS_AT reader-writer seg, 5 = 1+2+3
    static final String[] VARIANTS = {"full", "noSteps", "xstoreWriterOnly", "crossAtNoSegs", "crossAtSegDelta", "noSteps+xstore+noSegs", "control only"};
    public static void main(String[] a) throws Exception {
        for (String f : a) one(Path.of(f));
    }
    static long bytes(GrammarBuilder b) { VarIntWriter w = new VarIntWriter(); GrammarCodec.write(b.toGrammar(), w); return w.size(); }
    static void one(Path f) throws Exception {
        TraceView v = TraceView.open(f);
        long[] occ = new long[15]; long[] gram = new long[15]; long[] vbytes = new long[VARIANTS.length];
        Map<Integer, Set<Long>> distinct = new TreeMap<>();
        long rules = 0;
        for (int t = 0; t < v.threadCount(); t++) {
            GrammarBuilder[] b = new GrammarBuilder[VARIANTS.length];
            Alphabet[] al = new Alphabet[VARIANTS.length];
            for (int i = 0; i < b.length; i++) { b[i] = GrammarAlgorithm.SEQUITUR.newBuilder(); al[i] = new Alphabet(); }
            List<Integer> classOf = new ArrayList<>();
            for (ThreadGrammar g : v.grammars(t)) {
                GrammarExpander checks = g.stream(StreamKinds.CHECKS) == null ? null : g.stream(StreamKinds.CHECKS).expander();
                Alphabet ca = checks == null ? null : g.alphabet(StreamKinds.CHECKS);
                for (GrammarExpander x = g.wpp().expander(); x.hasNext(); ) {
                    int sym = x.next();
                    Event.Type type = g.type(sym);
                    for (int i = 0; i < b.length; i++) {
                        int id = al[i].idOf(type.ordinal(), g.value(sym));
                        b[i].append(id);
                        if (i == 0) { while (classOf.size() <= id) classOf.add(-1); classOf.set(id, CTL); }
                    }
                    occ[CTL]++;
                    if (type != Event.Type.LOAD) continue;
                    while (true) {
                        int k = checks.next();
                        long first = ca.first(k), value = ca.second(k);
                        int tag = CheckSymbols.tag(first);
                        if (tag == CheckSymbols.OK) break;
                        occ[tag]++;
                        distinct.computeIfAbsent(tag, z -> new HashSet<>()).add(first * 31 + value * 1000003L);
                        long key = 100 + tag | CheckSymbols.extra(first) << 8;
                        for (int i = 0; i < b.length - 1; i++) {
                            long val = value;
                            boolean steps = tag == CheckSymbols.B0 || tag == CheckSymbols.B1;
                            if ((i == 1 || i == 5) && steps) continue;
                            if ((i == 2 || i == 5) && tag == CheckSymbols.XSTORE) val = CheckSymbols.crossThread(value);
                            if ((i == 3 || i == 5) && tag == CheckSymbols.CROSS_AT) val = CheckSymbols.sourceStore(value);
                            if (i == 4 && tag == CheckSymbols.CROSS_AT) val = (long) CheckSymbols.sourceStore(value) << 32 | (CheckSymbols.readerSegment(value) - CheckSymbols.writerSegment(value)) & 0xFFFFFFFFL;
                            int id = al[i].idOf(key, val);
                            b[i].append(id);
                            if (i == 0) { while (classOf.size() <= id) classOf.add(-1); classOf.set(id, tag); }
                        }
                        if (tag != CheckSymbols.SEARCH && tag != CheckSymbols.B0 && tag != CheckSymbols.B1 && tag != CheckSymbols.NEW && tag != CheckSymbols.CROSS_AT) break;
                    }
                }
            }
            for (int i = 0; i < b.length; i++) vbytes[i] += bytes(b[i]);
            Grammar gr = b[0].toGrammar();
            rules += gr.ruleCount();
            for (int r = 0; r < gr.ruleCount(); r++)
                for (int s : gr.body(r)) gram[Grammar.isRule(s) ? REF : classOf.get(s)]++;
        }
        System.out.println("== " + f.getFileName() + "  rules " + rules);
        System.out.printf("%-10s %12s %10s %12s%n", "class", "occurrences", "distinct", "grammar syms");
        for (int c = 0; c < 15; c++) if (occ[c] > 0 || gram[c] > 0)
            System.out.printf("%-10s %12d %10s %12d%n", name(c), occ[c], distinct.containsKey(c) ? "" + distinct.get(c).size() : "", gram[c]);
        for (int i = 0; i < VARIANTS.length; i++) System.out.printf("  seq bytes %-24s %d%n", VARIANTS[i], vbytes[i]);
    }
}
