package dev.wholetrace.importers;

import dev.wholetrace.model.address.DiffRleEncoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarAlgorithm;
import dev.wholetrace.model.grammar.GrammarBuilder;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.model.util.Alphabet;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Builds a {@link CompressedTrace} online from one of the {@link InputFormat}s: values or record
 * signatures go through an {@link Alphabet} into a grammar builder (SEQUITUR unless the
 * {@link GrammarAlgorithm} says otherwise); lackey data addresses go into one
 * {@link DiffRleEncoder} per (instruction, access slot).
 */
public final class TraceCompressor implements LackeyRecord.Sink {
    private final InputFormat format;
    private final Alphabet signatures = new Alphabet();
    private final GrammarAlgorithm algorithm;
    private final GrammarBuilder control;
    private final Alphabet runs = new Alphabet();
    private final Alphabet slots = new Alphabet();
    private final List<DiffRleEncoder> streams = new ArrayList<>();
    private long records;
    private long instruction = -1;
    private int slot;

    /** A compressor building its grammars with the {@linkplain GrammarAlgorithm#DEFAULT default algorithm}. */
    public TraceCompressor(InputFormat format) {
        this(format, GrammarAlgorithm.DEFAULT);
    }

    public TraceCompressor(InputFormat format, GrammarAlgorithm algorithm) {
        this.format = format;
        this.algorithm = algorithm;
        this.control = algorithm.newBuilder(1 << 12);
    }

    /** Appends one u32/u64 value. */
    public void value(long v) {
        control.append(signatures.idOf(v));
        records++;
    }

    @Override
    public void record(int kind, long address, int size) throws FormatException {
        if (format == InputFormat.LACKEY_SB && kind != LackeyRecord.SUPERBLOCK) {
            throw new FormatException("'" + LackeyRecord.name(kind) + "' record in a lackey-sb input; use --input lackey-mem");
        }
        records++;
        long sig = CompressedTrace.signature(kind, size);
        if (LackeyRecord.isData(kind)) {
            int stream = slots.idOf(instruction, slot++);
            if (stream == streams.size()) streams.add(new DiffRleEncoder(runs, algorithm.newBuilder(8)));
            streams.get(stream).append(address);
            control.append(signatures.idOf(sig, 0));
            return;
        }
        if (kind == LackeyRecord.INSTRUCTION) {
            instruction = address;
            slot = 0;
        }
        control.append(signatures.idOf(sig, address));
    }

    public long records() {
        return records;
    }

    /** Bytes held by the builders' arrays at their peak, for memory reports. */
    public long peakFootprintBytes() {
        long bytes = control.peakFootprintBytes() + signatures.footprintBytes() + runs.footprintBytes() + slots.footprintBytes();
        for (DiffRleEncoder s : streams) bytes += s.grammar().peakFootprintBytes();
        return bytes;
    }

    /** Bytes held by the builders' arrays now: what {@link ChunkingCompressor} bounds. */
    public long footprintBytes() {
        long bytes = control.footprintBytes() + signatures.footprintBytes() + runs.footprintBytes() + slots.footprintBytes();
        for (DiffRleEncoder s : streams) bytes += s.grammar().footprintBytes();
        return bytes;
    }

    public CompressedTrace finish() {
        List<Grammar> frozen = new ArrayList<>(streams.size());
        for (DiffRleEncoder s : streams) {
            s.finish();
            frozen.add(s.grammar().toGrammar());
        }
        return new CompressedTrace(format, records, signatures, control.toGrammar(), runs, frozen);
    }

    /**
     * Compresses a whole file into one chunk. {@code progress} receives the input bytes consumed
     * so far, now and then (for a progress line on a terminal).
     */
    public static CompressedTrace compressFile(Path file, InputFormat format, LongConsumer progress) throws IOException {
        return compressFile(file, format, GrammarAlgorithm.DEFAULT, progress);
    }

    /** {@link #compressFile(Path, InputFormat, LongConsumer)} with the grammars built by {@code algorithm}. */
    public static CompressedTrace compressFile(Path file, InputFormat format, GrammarAlgorithm algorithm, LongConsumer progress)
            throws IOException {
        CompressedTrace[] whole = new CompressedTrace[1];
        compressFile(file, new ChunkingCompressor(format, algorithm, Long.MAX_VALUE, c -> whole[0] = c), progress);
        return whole[0];
    }

    /**
     * Compresses a whole file through {@code chunks} (which hands each finished chunk on), in the
     * memory of one chunk; returns the number of chunks.
     */
    public static long compressFile(Path file, ChunkingCompressor chunks, LongConsumer progress) throws IOException {
        if (Files.isDirectory(file)) throw new FormatException(file + " is a directory, not a trace");
        try (InputStream raw = Files.newInputStream(file)) {
            if (chunks.format().isLackey()) {
                LackeyParser parser = new LackeyParser();
                InputStream in = new ProgressStream(new BufferedInputStream(raw, 1 << 16), progress);
                parser.parse(in, chunks);
            } else {
                readValues(raw, chunks.format() == InputFormat.U64 ? 8 : 4, chunks, progress);
            }
        } catch (NoSuchFileException e) {
            throw new FormatException(file + ": no such file");
        }
        return chunks.finish();
    }

    private static void readValues(InputStream in, int width, ChunkingCompressor c, LongConsumer progress) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        long total = 0;
        int n;
        while ((n = in.read(buf.array(), buf.position(), buf.remaining())) >= 0) {
            total += n;
            buf.position(buf.position() + n);
            buf.flip();
            if (width == 8) while (buf.remaining() >= 8) c.value(buf.getLong());
            else while (buf.remaining() >= 4) c.value(Integer.toUnsignedLong(buf.getInt()));
            buf.compact();
            progress.accept(total);
        }
        if (buf.position() != 0) {
            throw new FormatException("input length " + total + " is not a multiple of " + width + " bytes");
        }
    }

    /** Counts bytes for progress reports without touching the parser. */
    private static final class ProgressStream extends java.io.FilterInputStream {
        private final LongConsumer progress;
        private long count;

        ProgressStream(InputStream in, LongConsumer progress) {
            super(in);
            this.progress = progress;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) progress.accept(count += n);
            return n;
        }
    }
}
