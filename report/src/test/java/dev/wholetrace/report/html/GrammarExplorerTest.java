package dev.wholetrace.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.TraceMode;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.recorder.RecorderConfig;
import dev.wholetrace.recorder.ThreadRecorder;
import dev.wholetrace.recorder.TraceRecorder;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The grammar explorer's JSON: rules agree with the grammar, and every bound holds. */
class GrammarExplorerTest {
    @TempDir
    Path dir;

    /** Three threads running nested loops over 40 blocks whose bytecode text is long. */
    private ParallelTrace record() throws Exception {
        Path path = dir.resolve("loops.wtrace");
        try (TraceRecorder rec = TraceRecorder.open(path, RecorderConfig.defaults(TraceMode.COR))) {
            for (int b = 1; b <= 40; b++) rec.defineBlock(new CodeEntry(b, "demo.Loops", "run" + b % 3, "()V", b, 2 * b, "ILOAD 1 ".repeat(60)));
            rec.defineInstruction(new CodeEntry(1, "demo.Loops", "run0", "()V", 99, 7, "MONITORENTER"));
            rec.defineInstruction(new CodeEntry(2, "demo.Loops", "run0", "()V", 99, 9, "MONITOREXIT"));
            for (int t = 0; t < 3; t++) {
                int k = t;
                Thread th = new Thread(() -> {
                    ThreadRecorder r = rec.thread();
                    for (int i = 0; i < 200; i++) {
                        for (int j = 0; j < 5 + (i + k) % 7; j++) r.block(1 + (i * 7 + j * 3) % 40);
                        if (i % 10 == 0) {
                            r.lock(1, 5);
                            r.unlock(2, 5);
                        }
                    }
                    r.end();
                }, "loops-" + t);
                th.start();
                th.join();
            }
        }
        return ParallelTrace.open(path);
    }

    private static JsonNode json(GrammarExplorer explorer) throws Exception {
        StringWriter s = new StringWriter();
        try (JsonGenerator j = new JsonFactory().createGenerator(s)) {
            explorer.writeJson(j);
        }
        return new ObjectMapper().readTree(s.toString());
    }

    @Test
    void rulesAgreeWithTheGrammarAndTerminalsWithTheCodeMap() throws Exception {
        ParallelTrace trace = record();
        JsonNode g = json(new GrammarExplorer(trace, GrammarExplorer.Limits.DEFAULT));
        assertThat(g.get("threads")).hasSize(3); // main has no events
        for (JsonNode t : g.get("threads")) {
            int thread = t.get("thread").asInt();
            JsonNode start = t.get("rules").get(t.get("top").get(0).asText());
            assertThat(start.get(0).asLong()).isEqualTo(trace.eventCount(thread));
            assertThat(start.get(1).asLong()).as("sync operations in the start rule").isEqualTo(trace.syncCount(thread)).isEqualTo(20 * 2 + 2); // 20 lock/unlock pairs, the thread's begin and end
            // a rule's expanded length is what its body adds up to (when the whole body is embedded)
            for (Iterator<Map.Entry<String, JsonNode>> it = t.get("rules").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> r = it.next();
                if (r.getValue().get(4).asInt() > 0) continue;
                long length = 0, syncs = 0;
                boolean known = true;
                for (JsonNode sym : r.getValue().get(3)) {
                    if (sym.asInt() >= 0) {
                        length++;
                        if (g.get("code").get(sym.asInt()).get(0).asText().equals("sync")) syncs++;
                        continue;
                    }
                    JsonNode child = t.get("rules").get(r.getKey().split(":")[0] + ":" + (-1 - sym.asInt()));
                    if (child == null) {
                        known = false;
                        break;
                    }
                    length += child.get(0).asLong();
                    syncs += child.get(1).asLong();
                }
                if (!known) continue;
                assertThat(length).as("rule " + r.getKey()).isEqualTo(r.getValue().get(0).asLong());
                assertThat(syncs).as("rule " + r.getKey()).isEqualTo(r.getValue().get(1).asLong());
            }
        }
        JsonNode block = null;
        for (JsonNode c : g.get("code")) if (c.get(1).asText().equals("B7")) block = c;
        assertThat(block).isNotNull();
        assertThat(block.get(0).asText()).isEqualTo("block");
        assertThat(block.get(2).asText()).isEqualTo("demo.Loops.run1:7");
        assertThat(block.get(3).asText()).isEqualTo("14");
        assertThat(block.get(4).asText()).hasSize(GrammarExplorer.TEXT + 2).endsWith(" …"); // the long text cut
    }

    @Test
    void everyBoundHolds() throws Exception {
        ParallelTrace trace = record();
        GrammarExplorer.Limits limits = new GrammarExplorer.Limits(2, 3, 5, 4, 2, 30, 3);
        JsonNode g = json(new GrammarExplorer(trace, limits));
        assertThat(g.get("threads")).hasSize(2);
        for (JsonNode t : g.get("threads")) {
            assertThat(t.get("top")).hasSizeLessThanOrEqualTo(3);
            assertThat(t.get("rules").size()).isLessThanOrEqualTo(5 + 3);
            Set<String> top = new HashSet<>();
            t.get("top").forEach(k -> top.add(k.asText()));
            int below = 0, topSymbols = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = t.get("rules").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> r = it.next();
                int n = r.getValue().get(3).size();
                assertThat(n).isLessThanOrEqualTo(4);
                if (top.contains(r.getKey())) topSymbols += n;
                else below += n;
            }
            assertThat(topSymbols + below).as("the thread's share of the symbols, the top rules always shown")
                    .isLessThanOrEqualTo(Math.max(30 / 2, topSymbols));
        }
        int described = 0;
        for (JsonNode c : g.get("code")) if (!c.get(2).asText().isEmpty()) described++;
        assertThat(described).as("terminals described with their code").isBetween(1, 3);
        assertThat(g.get("code").size()).as("the others keep their label").isGreaterThan(3);
    }
}
