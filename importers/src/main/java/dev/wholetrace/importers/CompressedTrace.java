package dev.wholetrace.importers;

import dev.wholetrace.model.address.DiffRleDecoder;
import dev.wholetrace.model.grammar.Grammar;
import dev.wholetrace.model.grammar.GrammarExpander;
import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.FormatException;
import dev.wholetrace.format.io.GrammarFile;
import dev.wholetrace.format.io.GrammarFileWriter;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntReader;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.util.Alphabet;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

/**
 * One compressed input trace: the payload of a {@code .wgr} file.
 *
 * <ul>
 *   <li>{@code control}: the sequence of records as a grammar over an alphabet of record
 *       signatures. For u32/u64 a signature is the value itself; for lackey it is
 *       (kind, size, instruction or superblock address) with data addresses left out.</li>
 *   <li>{@code streams} (lackey-mem only): one Diff∘RLE∘SEQ grammar per data-access slot of each
 *       instruction (instruction address, n-th access), over a shared alphabet of
 *       (difference, run length) pairs. Streams are numbered in order of first use, so the
 *       decoder re-derives the numbering while it replays the control grammar.</li>
 * </ul>
 */
public final class CompressedTrace {
    private final InputFormat format;
    private final long records;
    private final Alphabet signatures;
    private final Grammar control;
    private final Alphabet runs;
    private final List<Grammar> streams;

    public CompressedTrace(InputFormat format, long records, Alphabet signatures, Grammar control,
                           Alphabet runs, List<Grammar> streams) {
        this.format = format;
        this.records = records;
        this.signatures = signatures;
        this.control = control;
        this.runs = runs;
        this.streams = List.copyOf(streams);
    }

    public InputFormat format() {
        return format;
    }

    public long records() {
        return records;
    }

    public Alphabet signatures() {
        return signatures;
    }

    public Grammar control() {
        return control;
    }

    public Alphabet runs() {
        return runs;
    }

    public List<Grammar> streams() {
        return streams;
    }

    /** Size of the original input in the raw binary form that {@link #expandTo} writes. */
    public long expandedBytes() {
        return switch (format) {
            case U32 -> records * 4;
            case U64 -> records * 8;
            default -> records * LackeyRecord.BINARY_BYTES;
        };
    }

    // Lackey signature packing: kind in the low 3 bits, size above; the address goes alongside.
    static long signature(int kind, int size) {
        return kind | ((long) size << 3);
    }

    // ---- files -----------------------------------------------------------------------------

    /** Writes this trace as a {@code .wgr} file of one chunk (the current version); returns the file's size in bytes. */
    public long write(Path file, Codec codec) throws IOException {
        try (GrammarFileWriter w = new GrammarFileWriter(file, format.id)) {
            appendTo(w, codec);
            w.close();
            return w.bytes();
        }
    }

    /** Writes this trace as a version-1 {@code .wgr} file (one payload): the old layout, still read. */
    public long writeVersion1(Path file, Codec codec) throws IOException {
        return GrammarFile.write(file, toPayload(), codec);
    }

    /** Appends this trace to {@code out} as one chunk. */
    public void appendTo(GrammarFileWriter out, Codec codec) throws IOException {
        out.chunk(toPayload(), records, codec);
    }

    /**
     * Reads a {@code .wgr} file of one chunk (any version), verifying its checksums and structure;
     * a file of more chunks is read one at a time through {@link CompressedTraceReader}.
     */
    public static CompressedTrace read(Path file) throws IOException {
        try (CompressedTraceReader in = CompressedTraceReader.open(file)) {
            CompressedTrace t = in.next();
            if (t == null) throw new FormatException(file.getFileName() + " holds no chunk");
            if (in.next() != null) throw new FormatException(file.getFileName() + " holds more than one chunk; read it chunk by chunk");
            return t;
        }
    }

    // ---- payload ----------------------------------------------------------------------------

    public byte[] toPayload() {
        VarIntWriter out = new VarIntWriter(1 << 12);
        out.writeVarLong(format.id);
        out.writeVarLong(records);
        VarIntWriter block = new VarIntWriter();
        GrammarCodec.write(signatures, format.isLackey(), block);
        out.writeBlock(block);
        block = new VarIntWriter();
        GrammarCodec.write(control, block);
        out.writeBlock(block);
        if (format == InputFormat.LACKEY_MEM) {
            block = new VarIntWriter();
            GrammarCodec.write(runs, true, block);
            out.writeBlock(block);
            block = new VarIntWriter();
            GrammarCodec.writeAll(streams, block);
            out.writeBlock(block);
        }
        return out.toByteArray();
    }

    public static CompressedTrace fromPayload(byte[] payload) throws FormatException {
        VarIntReader in = new VarIntReader(payload, "payload");
        int formatId = in.readCount("input format", Integer.MAX_VALUE);
        InputFormat format = InputFormat.byId(formatId);
        if (format == null) throw in.corrupt("unknown input format id " + formatId);
        long records = in.readVarLong("record count");
        Alphabet signatures = GrammarCodec.readAlphabet(in.readBlock("signature alphabet"), format.isLackey());
        if (format.isLackey()) checkSignatures(signatures, format, in);
        Grammar control = GrammarCodec.read(in.readBlock("control grammar"));
        if (control.length() != records) throw in.corrupt("control grammar has " + control.length() + " records, header says " + records);
        Alphabet runs = new Alphabet();
        Grammar[] streams = new Grammar[0];
        if (format == InputFormat.LACKEY_MEM) {
            runs = GrammarCodec.readAlphabet(in.readBlock("run alphabet"), true);
            for (int id = 0; id < runs.size(); id++) {
                if (runs.second(id) < 1) throw in.corrupt("run " + id + " has length " + runs.second(id));
            }
            streams = GrammarCodec.readAll(in.readBlock("address streams")).toArray(new Grammar[0]);
            for (int i = 0; i < streams.length; i++) checkTerminals(streams[i], runs.size(), "address stream " + i);
        }
        in.expectEnd();
        checkTerminals(control, signatures.size(), "control grammar");
        return new CompressedTrace(format, records, signatures, control, runs, List.of(streams));
    }

    private static void checkSignatures(Alphabet signatures, InputFormat format, VarIntReader in) throws FormatException {
        for (int id = 0; id < signatures.size(); id++) {
            long sig = signatures.first(id);
            int kind = (int) (sig & 7);
            long size = sig >>> 3;
            boolean allowed = format == InputFormat.LACKEY_SB ? kind == LackeyRecord.SUPERBLOCK : kind <= LackeyRecord.SUPERBLOCK;
            if (!allowed || size > Integer.MAX_VALUE || (LackeyRecord.isData(kind) && signatures.second(id) != 0)) {
                throw in.corrupt("record signature " + id + " is not a valid " + format.cliName + " record");
            }
        }
    }

    private static void checkTerminals(Grammar g, int alphabetSize, String what) throws FormatException {
        for (int r = 0; r < g.ruleCount(); r++) {
            for (int i = 0; i < g.bodyLength(r); i++) {
                int s = g.symbol(r, i);
                if (!Grammar.isRule(s) && s >= alphabetSize) {
                    throw new FormatException("corrupted " + what + ": symbol " + s + " outside its alphabet of " + alphabetSize);
                }
            }
        }
    }

    // ---- expansion --------------------------------------------------------------------------

    /** Writes the original input: raw values for u32/u64, 13-byte records for lackey. */
    public void expandTo(OutputStream out) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        if (format.isLackey()) expandLackey(out, buf);
        else expandValues(out, buf);
        out.write(buf.array(), 0, buf.position());
    }

    private void expandValues(OutputStream out, ByteBuffer buf) throws IOException {
        int[] ids = new int[4096];
        GrammarExpander ex = control.expander();
        boolean wide = format == InputFormat.U64;
        int n;
        while ((n = ex.read(ids, 0, ids.length)) > 0) {
            for (int i = 0; i < n; i++) {
                if (buf.remaining() < 8) flush(out, buf);
                long v = signatures.first(ids[i]);
                if (wide) buf.putLong(v);
                else buf.putInt((int) v);
            }
        }
    }

    private void expandLackey(OutputStream out, ByteBuffer buf) throws IOException {
        DiffRleDecoder[] decoders = new DiffRleDecoder[streams.size()];
        Alphabet slots = new Alphabet();
        long instruction = -1;
        int slot = 0;
        GrammarExpander ex = control.expander();
        while (ex.hasNext()) {
            int id = ex.next();
            long sig = signatures.first(id);
            int kind = (int) (sig & 7);
            int size = (int) (sig >>> 3);
            long address = signatures.second(id);
            if (kind == LackeyRecord.INSTRUCTION) {
                instruction = address;
                slot = 0;
            } else if (LackeyRecord.isData(kind)) {
                int stream = slots.idOf(instruction, slot++);
                if (stream >= decoders.length) throw new FormatException("corrupted payload: data record needs address stream " + stream + " of " + decoders.length);
                if (decoders[stream] == null) decoders[stream] = new DiffRleDecoder(streams.get(stream), runs);
                if (!decoders[stream].hasNext()) throw new FormatException("corrupted payload: address stream " + stream + " ends early");
                address = decoders[stream].nextLong();
            }
            if (buf.remaining() < LackeyRecord.BINARY_BYTES) flush(out, buf);
            buf.put((byte) kind).putLong(address).putInt(size);
        }
    }

    private static void flush(OutputStream out, ByteBuffer buf) throws IOException {
        out.write(buf.array(), 0, buf.position());
        buf.clear();
    }
}
