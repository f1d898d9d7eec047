package dev.wholetrace.importers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarFileWriter;
import dev.wholetrace.importers.LackeyParserTest.Rec;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Any trace, cut into chunks anywhere (every {@code every} records: inside an instruction's data
 * accesses, between a superblock and its instructions, one record per chunk), written as a
 * version-2 file and read back chunk by chunk, expands to exactly its input; and to the same bytes
 * as the trace compressed whole.
 */
class ChunkedRoundTripPropertiesTest {

    @Property(tries = 60)
    void valuesRoundTripAcrossChunkBoundaries(@ForAll @IntRange(min = 0, max = 3000) int n, @ForAll @IntRange(min = 1, max = 700) int every,
                                              @ForAll @LongRange(min = 0, max = 1L << 40) long seed, @ForAll boolean wide) throws IOException {
        InputFormat format = wide ? InputFormat.U64 : InputFormat.U32;
        Random rnd = new Random(seed);
        ByteBuffer raw = ByteBuffer.allocate(n * (wide ? 8 : 4)).order(ByteOrder.LITTLE_ENDIAN);
        int period = 1 + rnd.nextInt(20);
        for (int i = 0; i < n; i++) {
            long v = rnd.nextInt(4) == 0 ? rnd.nextLong() : i % period;
            if (wide) raw.putLong(v);
            else raw.putInt((int) v);
        }
        Chunked c = new Chunked(format, every);
        for (raw.flip(); raw.hasRemaining(); ) c.compressor.value(wide ? raw.getLong() : Integer.toUnsignedLong(raw.getInt()));
        byte[] expanded = c.roundTrip(seed);
        assertThat(expanded).isEqualTo(raw.array());
        assertThat(c.chunks).isEqualTo(n == 0 ? 1 : (n + every - 1) / every);
    }

    @Property(tries = 60)
    void lackeyRoundTripsAcrossChunkBoundaries(@ForAll @IntRange(min = 0, max = 600) int iterations, @ForAll @IntRange(min = 1, max = 500) int every,
                                               @ForAll @LongRange(min = 0, max = 1L << 40) long seed, @ForAll boolean superblocksOnly) throws IOException {
        List<Rec> recs = superblocksOnly ? superblocks(iterations, seed) : CompressedTraceFileTest.memTrace(iterations, seed);
        InputFormat format = superblocksOnly ? InputFormat.LACKEY_SB : InputFormat.LACKEY_MEM;
        Chunked c = new Chunked(format, every);
        new LackeyParser().parse(new ByteArrayInputStream(LackeyTraces.text(recs).getBytes(StandardCharsets.ISO_8859_1)), c.compressor);
        byte[] expanded = c.roundTrip(seed);
        assertThat(expanded).isEqualTo(LackeyTraces.binary(recs));
        assertThat(expanded).isEqualTo(LackeyTraces.expand(LackeyTraces.compress(LackeyTraces.text(recs), format)));
    }

    private static List<Rec> superblocks(int n, long seed) {
        Random rnd = new Random(seed);
        List<Rec> r = new ArrayList<>();
        for (int i = 0; i < n; i++) r.add(new Rec(LackeyRecord.SUPERBLOCK, 0x400000 + rnd.nextInt(6) * 0x30L, 0));
        return r;
    }

    /** A compressor that cuts a chunk every {@code every} records, into a version-2 file. */
    private static final class Chunked {
        final Path file;
        final GrammarFileWriter writer;
        final ChunkingCompressor compressor;
        long chunks;

        Chunked(InputFormat format, int every) throws IOException {
            file = Files.createTempFile("chunked", ".wgr");
            writer = new GrammarFileWriter(file, format.id);
            compressor = new ChunkingCompressor(format, GrammarAlgorithm.DEFAULT, 1, every, chunk -> {
                chunk.appendTo(writer, chunks % 2 == 0 ? Codec.NONE : Codec.ZSTD);
                chunks++;
            });
        }

        /** Finishes the file, reads it back chunk by chunk and expands it. */
        byte[] roundTrip(long seed) throws IOException {
            try {
                compressor.finish();
                writer.close();
                assertThat(Files.size(file)).isEqualTo(writer.bytes());
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (CompressedTraceReader in = CompressedTraceReader.open(file)) {
                    assertThat(in.version()).isEqualTo(2);
                    CompressedTrace t;
                    while ((t = in.next()) != null) t.expandTo(out);
                    assertThat(in.chunks()).isEqualTo(chunks);
                    assertThat(in.records()).isEqualTo(compressor.records());
                    assertThat(in.truncation()).isNull();
                }
                return out.toByteArray();
            } finally {
                Files.deleteIfExists(file);
            }
        }
    }
}
