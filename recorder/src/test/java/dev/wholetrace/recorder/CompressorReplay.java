package dev.wholetrace.recorder;

import dev.wholetrace.format.io.Codec;
import dev.wholetrace.format.io.GrammarCodec;
import dev.wholetrace.format.io.VarIntWriter;
import dev.wholetrace.format.wtrace.StreamChunk;
import dev.wholetrace.format.wtrace.ThreadChunk;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.model.grammar.Grammar;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A profiling harness, not a test: replays the events of a recorded trace through the recorder's
 * compressors ({@link ThreadCompressor}) in process, on one thread, and prints the CPU time per
 * event. It isolates the compression side of recording from the program, the probes and the
 * machine's other load (docs/results/overhead-profile.md). Run with the test classpath:
 * {@code java -cp ... dev.wholetrace.recorder.CompressorReplay TRACE [MODE] [REPS] [CUT_EVENTS]}.
 */
public final class CompressorReplay {
    private CompressorReplay() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        TraceMode mode = args.length > 1 ? TraceMode.valueOf(args[1].toUpperCase()) : TraceMode.COR;
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 7;
        long cutEvents = args.length > 3 ? Long.parseLong(args[3]) : 2_000_000L;
        ReplayBuffers in = ReplayBuffers.of(file);
        List<List<long[]>> threads = in.buffers;
        long events = in.events;
        System.out.printf("%s: %d threads, %d events, mode %s, cut every %d events per thread%n", file, threads.size(), events, mode, cutEvents);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] nsPerEvent = new double[reps];
        long check = 0;
        for (int r = 0; r <= reps; r++) {
            countBytes = r == reps; // one more pass, untimed: the grammars' bytes as the recorder seals them
            long cpu = mx.getCurrentThreadCpuTime();
            check = 0;
            for (int t = 0; t < threads.size(); t++) {
                ThreadCompressor c = new ThreadCompressor(t, mode, true);
                long sinceCut = 0;
                List<long[]> bufs = threads.get(t);
                for (int i = 0; i < bufs.size(); i++) {
                    sinceCut += c.consume(bufs.get(i), in.lengths.get(t).get(i));
                    if (sinceCut >= cutEvents) {
                        check += summary(c.cut());
                        sinceCut = 0;
                    }
                }
                check += summary(c.cut());
            }
            if (countBytes) {
                System.out.printf("  grammar bytes (GrammarCodec, then Codec.FAST per grammar) %d%n", codedBytes);
                break;
            }
            nsPerEvent[r] = (mx.getCurrentThreadCpuTime() - cpu) / (double) events;
            System.out.printf("  rep %d: %.1f ns/event (check %d, grammar symbols %d)%n", r, nsPerEvent[r], check, grammarSymbols);
            grammarSymbols = 0;
        }
        Arrays.sort(nsPerEvent);
        System.out.printf("median %.1f ns/event, min %.1f (%.2f M events/s at the median)%n", nsPerEvent[reps / 2], nsPerEvent[0], 1e3 / nsPerEvent[reps / 2]);
    }

    /** Expanded lengths of the chunk's grammars: the same for every correct compressor. */
    private static long grammarSymbols;
    private static boolean countBytes;
    private static long codedBytes;

    private static long summary(ThreadChunk c) {
        if (c == null) return 0;
        long n = 0;
        for (StreamChunk s : c.streamChunks()) for (Grammar g : s.grammars()) {
            n += g.expandedLength(0);
            grammarSymbols += g.symbolCount();
            if (countBytes) {
                VarIntWriter w = new VarIntWriter();
                GrammarCodec.write(g, w);
                codedBytes += Codec.FAST.pack(w.toByteArray()).bytes().length;
            }
        }
        return n;
    }
}
