package dev.wholetrace.format.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.SequiturGrammar;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The writer's models keep their tables from grammar to grammar and block to block, cleared
 * where they were used ({@link ExpansionModel#nextGrammar}, {@link DenseIds#clear},
 * {@link OpenRuleUrn#clear}, {@link RecentOpenRules#clear}). A clear that left something behind
 * would change the bytes in the decoder's model as in the encoder's, so round trips would not see
 * it: this test freezes the bytes instead. The digest below is what main's writer at c179778a
 * (which made every grammar's tables anew) wrote for these blocks, coded in turn on one thread
 * with each model version and with the smallest kept.
 */
class GrammarCodecBlocksGoldenTest {
    static final String DIGEST = "811181f5309bfc0e7a2d935409026eb8bedd055253fad57be3a29367a0b1c3b3";

    @Test
    void blocksOfManyGrammarsCodeAsTheWriterBeforeReuseDid() throws Exception {
        assertThat(digest()).isEqualTo(DIGEST);
    }

    /** Blocks of grammars large and tiny, one after another, with many open rules sharing first terminals and terminals far apart. */
    static List<List<Grammar>> blocks() {
        Random random = new Random(51);
        List<List<Grammar>> blocks = new ArrayList<>();
        for (int b = 0; b < 12; b++) {
            List<Grammar> block = new ArrayList<>();
            int grammars = b % 3 == 0 ? 40 : 1 + random.nextInt(4);
            for (int g = 0; g < grammars; g++) {
                boolean large = random.nextInt(5) == 0;
                int length = large ? 5_000 + random.nextInt(20_000) : 5 + random.nextInt(300);
                int terminals = large ? 50 + random.nextInt(3_000) : 1 + random.nextInt(40);
                int stride = random.nextInt(4) == 0 ? 1 << (4 + random.nextInt(12)) : 1; // keys a power of two apart
                block.add(grammar(random, length, terminals, stride));
            }
            blocks.add(block);
        }
        return blocks;
    }

    static String digest() throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        for (List<Grammar> block : blocks()) {
            for (int version = 1; version <= GrammarCodec.MODEL_VERSION; version++) {
                VarIntWriter w = new VarIntWriter();
                GrammarCodec.writeAll(block, w, version);
                digest.update(w.toByteArray());
            }
            VarIntWriter w = new VarIntWriter();
            GrammarCodec.writeAll(block, w);
            digest.update(w.toByteArray());
            w = new VarIntWriter();
            GrammarCodec.writePlain(block, w);
            digest.update(w.toByteArray());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static Grammar grammar(Random random, int length, int terminals, int stride) {
        SequiturGrammar s = new SequiturGrammar();
        int t = 0;
        for (int i = 0; i < length; i++) {
            t = random.nextInt(4) == 0 ? random.nextInt(terminals) : (t + 1) % terminals;
            s.append(t * stride);
        }
        return s.toGrammar();
    }

    /** Prints {@link #digest()} with whatever format classes come first on the class path (how {@link #DIGEST} was made). */
    public static void main(String[] args) throws Exception {
        System.out.println(digest());
    }
}
