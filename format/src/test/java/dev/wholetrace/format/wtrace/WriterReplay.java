package dev.wholetrace.format.wtrace;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The recorder's writer alone, in process: decodes every thread chunk of a trace and encodes it
 * again into its sections as the writer does ({@link ThreadChunkCodec#encode}), in file order on
 * one thread, compares each section with the payload stored in the file, and prints a digest of
 * all the encoded bytes with the encoding's CPU time and allocation. Run with one release's format
 * classes and then another's in front of the class path, it shows whether both write the same
 * bytes for the same sections, and what each costs (docs/results/overhead-profile.md, "Session 51:
 * the writer").
 *
 * <pre>java -cp format/target/test-classes:JARS dev.wholetrace.format.wtrace.WriterReplay TRACE [ROUNDS]</pre>
 */
public final class WriterReplay {
    private WriterReplay() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        try (TraceReader reader = TraceReader.open(Path.of(args[0]))) {
            List<List<ThreadChunk>> chunks = new ArrayList<>();
            List<List<List<Section>>> stored = new ArrayList<>();
            List<ThreadSymbols> symbols = new ArrayList<>();
            for (int c = 0; c < reader.chunks().size(); c++) {
                TraceSections.Chunk chunk = TraceSections.read(reader, c);
                for (int t = 0; t < chunk.threads().size(); t++) symbols.add(new ThreadSymbols()); // each chunk declares its new threads
                List<ThreadChunk> tcs = new ArrayList<>();
                List<List<Section>> secs = new ArrayList<>();
                for (TraceSections.Decoded d : chunk.threadChunks(symbols, t -> true)) {
                    tcs.add(d.chunk());
                    secs.add(d.sections());
                }
                chunks.add(tcs);
                stored.add(secs);
            }
            for (int round = 0; round < rounds; round++) {
                MessageDigest digest = MessageDigest.getInstance("SHA-256");
                long sections = 0;
                long same = 0;
                long bytes = 0;
                long cpu = bean.getThreadCpuTime(id);
                long allocated = bean.getThreadAllocatedBytes(id);
                List<List<ChunkCodec.RawSection>> encoded = new ArrayList<>();
                for (List<ThreadChunk> tcs : chunks) {
                    for (ThreadChunk tc : tcs) {
                        List<ChunkCodec.RawSection> out = new ArrayList<>();
                        ThreadChunkCodec.encode(tc, false, out);
                        encoded.add(out);
                    }
                }
                cpu = bean.getThreadCpuTime(id) - cpu;
                allocated = bean.getThreadAllocatedBytes(id) - allocated;
                int k = 0;
                for (int c = 0; c < chunks.size(); c++) {
                    for (int t = 0; t < chunks.get(c).size(); t++) {
                        for (ChunkCodec.RawSection s : encoded.get(k++)) {
                            sections++;
                            bytes += s.bytes().length;
                            digest.update(s.bytes());
                            for (Section in : stored.get(c).get(t)) {
                                if (in.type() == s.type() && in.stream() == s.stream() && Arrays.equals(reader.payload(in), s.bytes())) same++;
                            }
                        }
                    }
                }
                System.out.printf("round %d: %d sections, %d bytes, %d as stored, sha256 %s, encode %.3f CPU s, %.1f MB allocated%n", round, sections,
                        bytes, same, HexFormat.of().formatHex(digest.digest()), cpu / 1e9, allocated / 1e6);
            }
        }
    }
}
