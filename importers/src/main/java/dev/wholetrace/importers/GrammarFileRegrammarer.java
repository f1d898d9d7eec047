package dev.wholetrace.importers;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarFileReader;
import dev.wholetrace.format.io.GrammarFileWriter;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites a {@code .wgr} file chunk by chunk, with the control grammar and every address stream
 * rebuilt by another {@link GrammarAlgorithm} ({@code wholetrace recompress --grammar}), or only
 * re-packed when the algorithm is null. Alphabets and record counts are copied; the output is a
 * {@code .wgr} of the current version whatever the input's.
 */
public final class GrammarFileRegrammarer {
    private final GrammarAlgorithm algorithm;
    private final Codec codec;

    /** {@code algorithm} null: keep the grammars, re-pack only. */
    public GrammarFileRegrammarer(GrammarAlgorithm algorithm, Codec codec) {
        this.algorithm = algorithm;
        this.codec = codec;
    }

    /**
     * What a rewrite did.
     *
     * @param chunks      chunks rewritten
     * @param records     records they hold
     * @param grammarsIn  grammar symbols before
     * @param grammarsOut grammar symbols after
     * @param inBytes     size of the input
     * @param outBytes    size of the output
     */
    public record Result(long chunks, long records, long grammarsIn, long grammarsOut, long inBytes, long outBytes) {}

    public Result rewrite(Path in, Path out) throws IOException {
        long chunks = 0;
        long records = 0;
        long before = 0;
        long after = 0;
        try (GrammarFileReader reader = GrammarFileReader.open(in);
             GrammarFileWriter writer = new GrammarFileWriter(out, reader.inputFormat())) {
            byte[] payload;
            while ((payload = reader.next()) != null) {
                CompressedTrace t = CompressedTrace.fromPayload(payload);
                before += symbols(t);
                if (algorithm != null) {
                    List<Grammar> streams = new ArrayList<>(t.streams().size());
                    for (Grammar g : t.streams()) streams.add(algorithm.rebuild(g));
                    t = new CompressedTrace(t.format(), t.records(), t.signatures(), algorithm.rebuild(t.control()), t.runs(), streams);
                }
                after += symbols(t);
                t.appendTo(writer, codec);
                chunks++;
                records += t.records();
            }
        }
        return new Result(chunks, records, before, after, Files.size(in), Files.size(out));
    }

    private static long symbols(CompressedTrace t) {
        long n = t.control().symbolCount();
        for (Grammar g : t.streams()) n += g.symbolCount();
        return n;
    }
}
