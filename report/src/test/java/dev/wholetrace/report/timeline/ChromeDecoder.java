package dev.wholetrace.report.timeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a Chrome trace-event JSON file by the Trace Event Format: B/E slices per (pid, tid), s/t/f
 * flows bound to the slice that encloses them on their thread ({@code "bp": "e"} for f), metadata
 * events, C counters, {@code otherData}.
 */
final class ChromeDecoder {
    static DrawnTimeline decode(byte[] file) throws IOException {
        JsonNode root = new ObjectMapper().readTree(file);
        DrawnTimeline timeline = new DrawnTimeline();
        root.get("otherData").fields().forEachRemaining(e -> timeline.metadata.put(e.getKey(),
                e.getValue().isNumber() ? (Object) e.getValue().longValue() : e.getValue().isBoolean() ? e.getValue().booleanValue() : e.getValue().asText()));
        Map<Integer, List<DrawnTimeline.Drawn>> open = new LinkedHashMap<>();
        for (JsonNode e : root.get("traceEvents")) {
            String ph = e.get("ph").asText();
            if (e.get("pid").asInt() != 1) throw new AssertionError("an event outside pid 1: " + e);
            if (ph.equals("M")) {
                if (e.get("name").asText().equals("thread_name")) timeline.threadNames.put(e.get("tid").asInt() - 1, e.get("args").get("name").asText());
                continue;
            }
            if (ph.equals("C")) {
                timeline.counters++;
                continue;
            }
            int thread = e.get("tid").asInt() - 1;
            long ns = new BigDecimal(e.get("ts").asText()).movePointRight(3).longValueExact();
            List<DrawnTimeline.Drawn> stack = open.computeIfAbsent(thread, t -> new ArrayList<>());
            switch (ph) {
                case "B" -> {
                    Map<String, Object> args = new LinkedHashMap<>();
                    if (e.has("args")) e.get("args").fields().forEachRemaining(a -> args.put(a.getKey(),
                            a.getValue().isNumber() ? (Object) a.getValue().longValue() : a.getValue().asText()));
                    stack.add(timeline.begin(thread, ns, e.get("name").asText(), e.get("cat").asText(), args));
                }
                case "E" -> {
                    timeline.end(thread, ns);
                    stack.remove(stack.size() - 1);
                }
                case "s", "t", "f" -> {
                    if (ph.equals("f") && !"e".equals(e.path("bp").asText())) throw new AssertionError("a flow end that does not bind to its enclosing slice");
                    if (stack.isEmpty() || stack.get(stack.size() - 1).begin >= ns) throw new AssertionError("a flow event outside a slice: " + e);
                    stack.get(stack.size() - 1).flows.add(new DrawnTimeline.FlowPoint(e.get("id").asLong(), ph.charAt(0)));
                }
                default -> throw new AssertionError("unexpected phase " + ph);
            }
        }
        return timeline.closed();
    }
}
