package dev.wholetrace.analysis.strata;

import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.model.strata.StrataPipeline;
import dev.wholetrace.reader.ThreadGrammar;
import java.util.List;

/**
 * Feeds a thread's blocks to its strata pipeline straight from its WPPs: each grammar is expanded
 * a buffer of terminals at a time and each terminal mapped to its block id through an int array
 * (-1 for loads, stores and sync operations), so no event object is made and no thread's
 * sequence is held. Every few buffers it checks the pipeline's memory against the budget and
 * gives up the highest layer while it is over.
 */
final class BlockFeed {
    private static final int BUFFER = 4096;

    private final StrataPipeline pipeline;
    private final long budget;
    private final int checkEvery;
    private final int[] buffer = new int[BUFFER];
    private long peakBytes;
    private int reads;

    BlockFeed(StrataPipeline pipeline, long budget, int checkEvery) {
        this.pipeline = pipeline;
        this.budget = budget;
        this.checkEvery = checkEvery;
    }

    void feed(List<ThreadGrammar> grammars, StrataPipeline.ThreadPipeline thread) {
        for (ThreadGrammar g : grammars) {
            int[] blockOf = blockIds(g);
            GrammarExpander e = g.wpp().expander();
            int[] buf = buffer;
            int n;
            while ((n = e.read(buf, 0, BUFFER)) > 0) {
                for (int i = 0; i < n; i++) {
                    int b = blockOf[buf[i]];
                    if (b >= 0) thread.add(b);
                }
                if (++reads % checkEvery == 0) checkBudget();
            }
        }
        checkBudget();
    }

    /** Feeds a block sequence held in an array (an imported trace's superblocks), checking the budget as {@link #feed(List, StrataPipeline.ThreadPipeline)} does. */
    void feed(int[] blocks, StrataPipeline.ThreadPipeline thread) {
        for (int from = 0; from < blocks.length; from += BUFFER) {
            for (int i = from, end = Math.min(blocks.length, from + BUFFER); i < end; i++) thread.add(blocks[i]);
            if (++reads % checkEvery == 0) checkBudget();
        }
        checkBudget();
    }

    private static int[] blockIds(ThreadGrammar g) {
        int[] blockOf = new int[g.terminals()];
        for (int s = 0; s < blockOf.length; s++) {
            long v = g.value(s);
            blockOf[s] = g.type(s) == Event.Type.BLOCK && v >= 0 && v <= Integer.MAX_VALUE ? (int) v : -1;
        }
        return blockOf;
    }

    private void checkBudget() {
        long bytes = pipeline.bytes();
        peakBytes = Math.max(peakBytes, bytes);
        while (bytes > budget && pipeline.giveUpTopLayer()) bytes = pipeline.bytes();
    }

    long peakBytes() {
        return peakBytes;
    }
}
