package dev.wholetrace.cli;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Structure-aware damage for the fuzz test, drawn from a seeded {@link Random}: each method returns
 * the damaged file and says what it did, so a failure names its seed and its mutation.
 *
 * <p>Two families. <em>Stale</em> damage changes the bytes and leaves the CRCs as they were (bit
 * flips, byte changes, cuts, whole sections deleted, duplicated or swapped — those keep valid
 * CRCs of their own). <em>Recomputed</em> damage works on the decompressed payloads and the header
 * fields and writes the file back with every CRC recomputed, so only structural checks can catch it.
 */
final class Mutations {
    /** A damaged file and what was done to it. */
    record Mutant(byte[] bytes, String description) {}

    private Mutations() {}

    // ---- .wtrace ------------------------------------------------------------------------------

    /** Damage with stale CRCs: whatever it changes inside a section, a CRC no longer matches. */
    static Mutant stale(byte[] file, FuzzSections base, Random r) {
        byte[] b = file.clone();
        switch (r.nextInt(6)) {
            case 0 -> {
                int at = r.nextInt(b.length);
                int bit = r.nextInt(8);
                b[at] ^= (byte) (1 << bit);
                return new Mutant(b, "stale: bit " + bit + " of byte " + at + " flipped");
            }
            case 1 -> {
                int at = r.nextInt(b.length);
                b[at] = (byte) r.nextInt(256);
                return new Mutant(b, "stale: byte " + at + " set to " + (b[at] & 0xFF));
            }
            case 2 -> {
                int len = r.nextInt(b.length);
                return new Mutant(Arrays.copyOf(b, len), "stale: cut to " + len + " bytes");
            }
            case 3 -> {
                int at = FuzzSections.FILE_HEADER + r.nextInt(b.length - FuzzSections.FILE_HEADER);
                int n = 1 + r.nextInt(8);
                for (int i = at; i < Math.min(b.length, at + n); i++) b[i] = 0;
                return new Mutant(b, "stale: " + n + " bytes zeroed at " + at);
            }
            default -> {
                FuzzSections s = base.copy();
                for (FuzzSections.Part p : s.parts) p.touched = true; // indexes stay as written: stale
                String what = moveSections(s, r);
                // re-serialise the untouched sections with their original payloads: CRCs are their own
                return new Mutant(s.write(false), "sections (own CRCs): " + what);
            }
        }
    }

    /** Damage with every CRC recomputed. */
    static Mutant recomputed(FuzzSections base, Random r) {
        return recomputed(base, r, p -> true);
    }

    /** Damage with every CRC recomputed, to one of the sections {@code which} accepts (any section if none does). */
    static Mutant recomputed(FuzzSections base, Random r, java.util.function.Predicate<FuzzSections.Part> which) {
        FuzzSections s = base.copy();
        List<FuzzSections.Part> parts = s.parts;
        List<FuzzSections.Part> candidates = parts.stream().filter(which).toList();
        FuzzSections.Part p = candidates.isEmpty() ? parts.get(r.nextInt(parts.size())) : candidates.get(r.nextInt(candidates.size()));
        p.touched = true;
        String where = "section " + parts.indexOf(p) + " (type " + p.type() + ", thread " + p.thread() + ")";
        boolean keepLengths = false;
        String what;
        switch (r.nextInt(10)) {
            case 0 -> what = flipPayloadBit(p, r);
            case 1 -> what = changeVarint(p, r);
            case 2 -> what = changeVarint(p, r) + ", " + changeVarint(p, r);
            case 3 -> what = swapBytes(p, r);
            case 4 -> what = cutOrExtendPayload(p, r);
            case 5 -> what = changeFirstCount(p, r);
            case 6 -> {
                what = changeHeaderField(p, r);
                keepLengths = what.contains("length");
            }
            case 7 -> {
                what = moveSections(s, r);
                where = "file";
            }
            case 8 -> {
                int len = FuzzSections.FILE_HEADER + r.nextInt(Math.max(1, s.write(false).length - FuzzSections.FILE_HEADER));
                return new Mutant(Arrays.copyOf(s.write(false), len), "recomputed: cut to " + len + " bytes");
            }
            default -> what = swapSymbols(p, r);
        }
        return new Mutant(s.write(keepLengths), "recomputed: " + where + ": " + what);
    }

    private static String flipPayloadBit(FuzzSections.Part p, Random r) {
        if (p.payload.length == 0) return "nothing (empty payload)";
        int at = r.nextInt(p.payload.length);
        int bit = r.nextInt(8);
        p.payload[at] ^= (byte) (1 << bit);
        return "payload bit " + bit + " of byte " + at + " flipped";
    }

    /** Finds a varint boundary at or after a random byte and writes a different value there. */
    private static String changeVarint(FuzzSections.Part p, Random r) {
        if (p.payload.length == 0) return "nothing (empty payload)";
        int start = varintStart(p.payload, r.nextInt(p.payload.length));
        int end = start;
        while (end < p.payload.length && p.payload[end] < 0) end++;
        end = Math.min(end + 1, p.payload.length);
        long old = 0;
        for (int i = end - 1; i >= start; i--) old = old << 7 | (p.payload[i] & 0x7F);
        long v = switch (r.nextInt(5)) {
            case 0 -> old + 1;
            case 1 -> Math.max(0, old - 1);
            case 2 -> 0;
            case 3 -> old * 2 + 1;
            default -> 1L << (7 * (1 + r.nextInt(9)));
        };
        p.payload = splice(p.payload, start, end, varint(v));
        return "varint at " + start + " " + old + " -> " + v;
    }

    private static String changeFirstCount(FuzzSections.Part p, Random r) {
        if (p.payload.length == 0) return "nothing (empty payload)";
        int end = 0;
        while (end < p.payload.length && p.payload[end] < 0) end++;
        end = Math.min(end + 1, p.payload.length);
        long old = 0;
        for (int i = end - 1; i >= 0; i--) old = old << 7 | (p.payload[i] & 0x7F);
        long v = r.nextBoolean() ? old + 1 + r.nextInt(3) : Math.max(0, old - 1 - r.nextInt(3));
        p.payload = splice(p.payload, 0, end, varint(v));
        return "first count " + old + " -> " + v;
    }

    private static String swapBytes(FuzzSections.Part p, Random r) {
        if (p.payload.length < 2) return "nothing (short payload)";
        int i = r.nextInt(p.payload.length);
        int j = r.nextInt(p.payload.length);
        byte t = p.payload[i];
        p.payload[i] = p.payload[j];
        p.payload[j] = t;
        return "payload bytes " + i + " and " + j + " swapped";
    }

    /** Swaps two whole varints (two symbols, two counts, two deltas). */
    private static String swapSymbols(FuzzSections.Part p, Random r) {
        if (p.payload.length < 2) return "nothing (short payload)";
        int a = varintStart(p.payload, r.nextInt(p.payload.length));
        int aEnd = varintEnd(p.payload, a);
        if (aEnd >= p.payload.length) return "nothing (last varint)";
        int b = aEnd;
        int bEnd = varintEnd(p.payload, b);
        byte[] first = Arrays.copyOfRange(p.payload, a, aEnd);
        byte[] second = Arrays.copyOfRange(p.payload, b, bEnd);
        byte[] both = new byte[first.length + second.length];
        System.arraycopy(second, 0, both, 0, second.length);
        System.arraycopy(first, 0, both, second.length, first.length);
        p.payload = splice(p.payload, a, bEnd, both);
        return "varints at " + a + " and " + b + " swapped";
    }

    private static String cutOrExtendPayload(FuzzSections.Part p, Random r) {
        if (r.nextBoolean() && p.payload.length > 0) {
            int len = r.nextInt(p.payload.length);
            p.payload = Arrays.copyOf(p.payload, len);
            return "payload cut to " + len;
        }
        int n = 1 + r.nextInt(4);
        byte[] more = new byte[n];
        r.nextBytes(more);
        p.payload = splice(p.payload, p.payload.length, p.payload.length, more);
        return n + " random bytes appended to the payload";
    }

    private static String changeHeaderField(FuzzSections.Part p, Random r) {
        ByteBuffer h = FuzzSections.le(p.header);
        switch (r.nextInt(7)) {
            case 0 -> {
                int t = r.nextInt(14);
                h.put(0, (byte) t);
                return "type set to " + t;
            }
            case 1 -> {
                int k = r.nextInt(5);
                h.put(2, (byte) k);
                return "stream kind set to " + k;
            }
            case 2 -> {
                int c = h.getInt(4) + (r.nextBoolean() ? 1 : -1);
                h.putInt(4, c);
                return "chunk number set to " + c;
            }
            case 3 -> {
                int t = h.getInt(8) + (r.nextBoolean() ? 1 : -1);
                h.putInt(8, t);
                return "thread set to " + t;
            }
            case 4 -> {
                int raw = r.nextBoolean() ? p.payload.length + 1 + r.nextInt(1 << 20) : Math.max(0, p.payload.length - 1);
                h.putInt(12, raw);
                h.putInt(16, p.payload.length);
                return "raw length set to " + raw;
            }
            case 5 -> {
                int stored = p.payload.length + (r.nextBoolean() ? 1 : -1);
                h.putInt(12, p.payload.length);
                h.putInt(16, stored);
                return "stored length set to " + stored;
            }
            default -> {
                int c = 1 + r.nextInt(3);
                h.put(1, (byte) c);
                return "codec set to " + c;
            }
        }
    }

    private static String moveSections(FuzzSections s, Random r) {
        List<FuzzSections.Part> parts = s.parts;
        int i = r.nextInt(parts.size());
        switch (r.nextInt(3)) {
            case 0 -> {
                FuzzSections.Part gone = parts.remove(i);
                return "section " + i + " (type " + gone.type() + ", thread " + gone.thread() + ") deleted";
            }
            case 1 -> {
                parts.add(i, parts.get(i).copy());
                return "section " + i + " (type " + parts.get(i).type() + ") duplicated";
            }
            default -> {
                int j = Math.min(parts.size() - 1, i + 1);
                FuzzSections.Part t = parts.get(i);
                parts.set(i, parts.get(j));
                parts.set(j, t);
                return "sections " + i + " and " + j + " swapped";
            }
        }
    }

    // ---- .wgr ---------------------------------------------------------------------------------

    /** Damage to a {@code .wgr} file; with {@code recompute} its CRCs and lengths are rewritten. */
    static Mutant grammar(byte[] file, boolean recompute, Random r) {
        if (!recompute) {
            byte[] b = file.clone();
            switch (r.nextInt(3)) {
                case 0 -> {
                    int at = r.nextInt(b.length);
                    b[at] ^= (byte) (1 << r.nextInt(8));
                    return new Mutant(b, "stale: a bit of byte " + at + " flipped");
                }
                case 1 -> {
                    int len = r.nextInt(b.length);
                    return new Mutant(Arrays.copyOf(b, len), "stale: cut to " + len + " bytes");
                }
                default -> {
                    int at = r.nextInt(b.length);
                    b[at] = (byte) r.nextInt(256);
                    return new Mutant(b, "stale: byte " + at + " changed");
                }
            }
        }
        if (FuzzSections.le(file).getShort(4) == 1) return grammarVersion1(file, r);
        return grammarVersion2(file, r);
    }

    /** A version-1 file: one payload after a 32-byte header. */
    private static Mutant grammarVersion1(byte[] file, Random r) {
        // the test writes its .wgr files with codec none, so the payload is in the clear
        FuzzSections.Part p = new FuzzSections.Part(new byte[0], Arrays.copyOfRange(file, 32, file.length));
        String what = payloadMutation(p, r);
        byte[] out = new byte[32 + p.payload.length];
        System.arraycopy(file, 0, out, 0, 32);
        System.arraycopy(p.payload, 0, out, 32, p.payload.length);
        ByteBuffer h = FuzzSections.le(out);
        h.putLong(8, p.payload.length);
        h.putLong(16, p.payload.length);
        h.putInt(24, FuzzSections.crc(p.payload, p.payload.length));
        h.putInt(28, FuzzSections.crc(out, 28));
        return new Mutant(out, "recomputed: " + what);
    }

    private static String payloadMutation(FuzzSections.Part p, Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> flipPayloadBit(p, r);
            case 1 -> changeVarint(p, r);
            case 2 -> swapSymbols(p, r);
            case 3 -> cutOrExtendPayload(p, r);
            default -> changeFirstCount(p, r);
        };
    }

    /**
     * A version-2 file (header, chunks of 40-byte header and payload, 32-byte end record), written
     * with codec none: a payload mutation in one chunk, or chunks dropped, swapped or repeated, with
     * every length, index, count and checksum recomputed.
     */
    private static Mutant grammarVersion2(byte[] file, Random r) {
        List<FuzzSections.Part> chunks = new ArrayList<>();
        int at = 32;
        while (at + 40 <= file.length && file[at] == 'W' && file[at + 3] == 'C') {
            int len = (int) FuzzSections.le(file).getLong(at + 24);
            chunks.add(new FuzzSections.Part(Arrays.copyOfRange(file, at, at + 40), Arrays.copyOfRange(file, at + 40, at + 40 + len)));
            at += 40 + len;
        }
        String what;
        int pick = r.nextInt(chunks.size());
        switch (chunks.size() > 1 ? r.nextInt(8) : 0) {
            case 5 -> {
                chunks.remove(pick);
                what = "chunk " + pick + " dropped";
            }
            case 6 -> {
                int other = r.nextInt(chunks.size());
                java.util.Collections.swap(chunks, pick, other);
                what = "chunks " + pick + " and " + other + " swapped";
            }
            case 7 -> {
                chunks.add(pick, chunks.get(pick));
                what = "chunk " + pick + " repeated";
            }
            default -> what = "chunk " + pick + ": " + payloadMutation(chunks.get(pick), r);
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.write(file, 0, 32);
        for (int i = 0; i < chunks.size(); i++) {
            FuzzSections.Part c = chunks.get(i);
            byte[] h = c.header.clone();
            ByteBuffer b = FuzzSections.le(h);
            b.putLong(8, i).putLong(16, c.payload.length).putLong(24, c.payload.length).putInt(32, FuzzSections.crc(c.payload, c.payload.length));
            b.putInt(36, FuzzSections.crc(h, 36));
            out.write(h, 0, h.length);
            out.write(c.payload, 0, c.payload.length);
        }
        long records = 0;
        for (FuzzSections.Part c : chunks) records += chunkRecords(c.payload);
        byte[] end = Arrays.copyOfRange(file, file.length - 32, file.length);
        ByteBuffer e = FuzzSections.le(end);
        e.putLong(8, chunks.size()).putLong(16, r.nextInt(6) == 0 ? records + 1 : records);
        e.putInt(28, FuzzSections.crc(end, 28));
        out.write(end, 0, 32);
        return new Mutant(out.toByteArray(), "recomputed: " + what);
    }

    /** The record count a chunk's payload declares (its second varint), or 0 if it has none. */
    private static long chunkRecords(byte[] payload) {
        int at = varintEnd(payload, 0);
        long v = 0;
        for (int shift = 0; at < payload.length && shift < 63; shift += 7) {
            byte b = payload[at++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return v;
        }
        return 0;
    }

    // ---- helpers ------------------------------------------------------------------------------

    private static int varintStart(byte[] b, int at) {
        while (at > 0 && b[at - 1] < 0) at--; // the previous byte continues into this one
        return at;
    }

    private static int varintEnd(byte[] b, int start) {
        int end = start;
        while (end < b.length && b[end] < 0) end++;
        return Math.min(end + 1, b.length);
    }

    private static byte[] varint(long v) {
        byte[] out = new byte[10];
        int n = 0;
        while ((v & ~0x7FL) != 0) {
            out[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[n++] = (byte) v;
        return Arrays.copyOf(out, n);
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] with) {
        byte[] out = new byte[b.length - (to - from) + with.length];
        System.arraycopy(b, 0, out, 0, from);
        System.arraycopy(with, 0, out, from, with.length);
        System.arraycopy(b, to, out, from + with.length, b.length - to);
        return out;
    }
}
