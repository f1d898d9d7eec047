package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The writer codes a grammar block per thread and chunk, each with every model version: a chunk of
 * thousands of short threads writes thousands of tiny blocks, so what one tiny block allocates is
 * what the writer's garbage grows with. Each model's rank models are made at first use, not 33 of
 * them (2 KB of probabilities each) per model, a number model's mantissa trees for long numbers
 * only when one comes, and a grammar's successor lists for 8 terminals, doubled as more come, not
 * 64 (4 KB): 19 KB measured for this block, 26 KB before the last, ~190 KB before all three.
 */
class GrammarCodecAllocationTest {
    @Test
    void aTinyBlockAllocatesLittle() {
        SequiturGrammar s = new SequiturGrammar();
        for (int i = 0; i < 40; i++) s.append(i % 5);
        Grammar g = s.toGrammar();
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long least = Long.MAX_VALUE;
        for (int run = 0; run < 20; run++) { // the least of several: class loading and the JIT's first calls allocate too
            long before = bean.getThreadAllocatedBytes(id);
            VarIntWriter w = new VarIntWriter();
            GrammarCodec.writeAll(List.of(g), w);
            least = Math.min(least, bean.getThreadAllocatedBytes(id) - before);
        }
        assertThat(least).as("bytes allocated to write one tiny grammar block").isLessThan(22 * 1024);
    }
}
