package dev.wholetrace.format.wtrace;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.model.event.StreamKind;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Chooses, for the per-thread sections of one chunk as they are written in thread order, whether
 * to store a section against the same section (type and stream kind) of an earlier thread of the
 * chunk ({@link Codec#ZSTD_DICT}, format version 10 on): threads that run the same code have
 * nearly the same symbol tables, sync counts and stream headers, which a codec seeing one section
 * at a time stores once per thread. A reference may itself have one, but no chain of references
 * is longer than {@link TraceFormat#MAX_REFERENCE_CHAIN}, so a reader decodes at most that many
 * other payloads for one section. One instance per chunk.
 */
final class ThreadReferences {
    /** How many earlier threads' sections of a kind a section is tried against (the most recent first). */
    static final int CANDIDATES = 4;
    /**
     * Sections above this size are packed alone: the gain is in small per-thread tables, and each
     * try is a zstd -19 run over the section and its reference (Mp3d's address streams are MBs).
     */
    static final int MAX_BYTES = 256 << 10;

    private record Key(SectionType type, StreamKind stream) {}

    /** An earlier section, {@code chain} references deep (0: stored alone). */
    private record Candidate(int thread, byte[] raw, int chain) {}

    private final Map<Key, Deque<Candidate>> candidates = new HashMap<>();

    /**
     * {@code alone}, section {@code raw} of {@code thread} as packed by itself, or a smaller
     * {@link Codec#ZSTD_DICT} packing against an earlier thread's section of the same kind: a
     * varint reference thread, then a zstd frame with that section's payload as dictionary.
     */
    Codec.Packed pack(SectionType type, StreamKind stream, int thread, byte[] raw, Codec.Packed alone) {
        if (thread < 0 || raw.length > MAX_BYTES) return alone;
        Deque<Candidate> earlier = candidates.computeIfAbsent(new Key(type, stream), k -> new ArrayDeque<>());
        Codec.Packed best = alone;
        int chain = 0;
        for (Candidate c : earlier) {
            if (c.thread() >= thread || c.chain() >= TraceFormat.MAX_REFERENCE_CHAIN) continue;
            byte[] frame = Codec.compressWithDictionary(raw, c.raw());
            VarIntWriter w = new VarIntWriter(frame.length + 5).writeVarLong(c.thread()).writeBytes(frame, 0, frame.length);
            if (w.size() < best.bytes().length) {
                best = new Codec.Packed(Codec.ZSTD_DICT, w.toByteArray());
                chain = c.chain() + 1;
            }
        }
        if (!zstdDictionaryMagic(raw)) earlier.addFirst(new Candidate(thread, raw, chain));
        if (earlier.size() > CANDIDATES) earlier.removeLast();
        return best;
    }

    /**
     * Whether {@code raw} starts with a trained zstd dictionary's magic (0xEC30A437): zstd would
     * then read it as such a dictionary, not as raw content, and refuse it (zstd-jni throws), so
     * it is never a reference.
     */
    private static boolean zstdDictionaryMagic(byte[] raw) {
        return raw.length >= 4 && raw[0] == 0x37 && raw[1] == (byte) 0xA4 && raw[2] == 0x30 && raw[3] == (byte) 0xEC;
    }
}
