package dev.wholetrace.cli;

import static dev.wholetrace.cli.CliErrorTest.badInput;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wholetrace.format.wtrace.TraceFormat;
import dev.wholetrace.model.event.TraceMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wholetrace verify}, and the structural checks every command shares: a trace with valid
 * CRCs that lacks a section or whose streams disagree is rejected by every command, with the
 * same message, not answered from what is left.
 */
class CliVerifyTest {
    @TempDir
    static Path dir;

    static Path cdr;
    static Path all;

    @BeforeAll
    static void record() throws Exception {
        cdr = Traces.twoThreads(dir.resolve("cdr.wtrace"), TraceMode.CDR);
        all = Traces.twoThreads(dir.resolve("all.wtrace"), TraceMode.ALL);
    }

    /** {@code base} with every section stored raw and the indexes rewritten, after {@code change}. */
    static Path rewritten(Path base, String name, java.util.function.Consumer<FuzzSections> change) throws Exception {
        FuzzSections s = FuzzSections.parse(Files.readAllBytes(base));
        change.accept(s);
        return Files.write(dir.resolve(name), s.write(false));
    }

    static int find(FuzzSections s, int type, int kind, int thread) {
        for (int i = 0; i < s.parts.size(); i++) {
            FuzzSections.Part p = s.parts.get(i);
            if (p.type() == type && (p.header[2] & 0xFF) == kind && p.thread() == thread) return i;
        }
        throw new AssertionError("no section of type " + type + " kind " + kind + " thread " + thread);
    }

    static List<String[]> everyCommand(Path f) {
        String s = f.toString();
        return List.of(new String[] {"stats", s}, new String[] {"dump", s}, new String[] {"dump", s, "--thread", "0"},
                new String[] {"segment", s, "--thread", "0", "0", "1"}, new String[] {"races", s}, new String[] {"export", s},
                new String[] {"verify", s});
    }

    @Test
    void aValidTraceIsSummarisedOnOneLine() {
        Cli r = Cli.run("verify", cdr.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out().strip()).isEqualTo(cdr + ": valid trace, version " + TraceFormat.VERSION + ", cdr, complete: 3 chunks, 2 threads, "
                + (6 + Traces.WORKER_EVENTS) + " events, " + Traces.SYNC_OPS + " sync operations; every section decoded and every stream expanded");
        assertThat(r.err()).isEmpty();
        Cli j = Cli.run("verify", all.toString(), "--format", "json");
        assertThat(j.exit()).isZero();
        assertThat(j.out()).contains("\"valid\":true").contains("\"mode\":\"all\"").contains("\"syncOperations\":" + Traces.SYNC_OPS);
    }

    @Test
    void aMissingAddressStreamSectionIsAnErrorForEveryCommand() throws Exception {
        // the case: races answered from the other threads' accesses, exit 0
        Path f = rewritten(cdr, "no-addresses.wtrace", s -> s.parts.remove(find(s, 12, 3, 1)));
        for (String[] args : everyCommand(f)) {
            assertThat(badInput(args)).as(String.join(" ", args)).contains("thread 1 in chunk 1").contains("has no address stream");
        }
    }

    @Test
    void aSyncSymbolThatDisagreesWithTheSyncOrderIsAnError() throws Exception {
        // the worker's lock and unlock swapped in S_synch: each WPP still holds as many sync operations
        Path f = rewritten(cdr, "swapped-kinds.wtrace", s -> {
            // version 4 (docs/trace-format.md, SYNC_ORDER): varint n, block order, varint k, then per
            // thread a block of operations, each a header (0x1F object code, 0 = a delta follows;
            // 0x20 kind and site follow; 0x40 aux follows). Every lock (kind 0) of thread 1 spelt
            // out becomes an unlock (kind 1): all of them, so that the kind-and-site predictions
            // of the operations after them still decode, and S_synch alone looks sound.
            boolean changed = false;
            for (FuzzSections.Part order : s.parts) {
                if (order.type() != 9) continue;
                byte[] p = order.payload;
                int[] at = {0};
                varint(p, at);
                int orderLength = (int) varint(p, at);
                at[0] += orderLength; // skips the order block
                long threads = varint(p, at);
                for (long t = 0; t < threads; t++) {
                    long length = varint(p, at);
                    int end = at[0] + (int) length;
                    while (t == 1 && at[0] < end) {
                        long header = varint(p, at);
                        if ((header & 0x1F) == 0) varint(p, at);
                        if ((header & 0x20) != 0) {
                            int kindAt = at[0];
                            if (varint(p, at) == 0) {
                                p[kindAt] = 1;
                                changed = true;
                            }
                            varint(p, at);
                        }
                        if ((header & 0x40) != 0) varint(p, at);
                    }
                    at[0] = end;
                }
            }
            if (!changed) throw new AssertionError("no lock of thread 1");
        });
        for (String[] args : everyCommand(f)) assertThat(badInput(args)).as(String.join(" ", args)).contains("sync operations of its control WPP");
    }

    @Test
    void aChunkIndexThatDisagreesIsAnError() throws Exception {
        Path f = rewritten(cdr, "dup.wtrace", s -> {
            int i = find(s, 12, 1, 0);
            s.parts.add(i, s.parts.get(i).copy());
        });
        for (String[] args : everyCommand(f)) assertThat(badInput(args)).as(String.join(" ", args)).contains("a second STREAM (control) section");
    }

    @Test
    void grammarFilesAndOtherFiles() throws Exception {
        Path u32 = Files.write(dir.resolve("in.u32"), CliTest.u32(2000, 3));
        Path wgr = dir.resolve("in.wgr");
        assertThat(Cli.run("compress", u32.toString(), "--input", "u32", "-o", wgr.toString()).exit()).isZero();
        Cli r = Cli.run("verify", wgr.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("valid grammar file, version 2, u32: 2000 records in 1 chunk");
        assertThat(badInput("verify", u32.toString())).contains("neither a Wholetrace trace nor a grammar file");
        assertThat(badInput("verify", dir.resolve("nope").toString())).contains("no such file");
        Cli j = Cli.run("verify", u32.toString(), "--format", "json");
        assertThat(j.exit()).isEqualTo(2);
        assertThat(j.out()).contains("\"valid\":false").contains("\"error\":");
        assertThat(j.errLines()).hasSize(1);
    }

    @Test
    void anUnfinishedTraceIsValidWithTheWarning() throws Exception {
        var chunk1 = Traces.chunks(cdr).get(1);
        var end1 = chunk1.get(chunk1.size() - 1);
        long cut = end1.offset() + end1.fileBytes() + 40; // inside chunk 2
        Path f = Traces.cut(cdr, cut, dir.resolve("cut.wtrace"));
        Cli r = Cli.run("verify", f.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("valid trace").contains("unfinished: 2 chunks");
        assertThat(r.err()).contains("warning").contains("incomplete");
    }

    @Test
    void helpHasAnExample() {
        Cli r = Cli.run("verify", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Examples:").contains("wholetrace verify run.wtrace");
    }

    private static long varint(byte[] b, int[] at) {
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            byte x = b[at[0]++];
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) return v;
        }
    }
}
