package dev.wholetrace.workloads.libs;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.wholetrace.workloads.Size;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * Jackson under the agent: three threads share one ObjectMapper and serialize, parse and compare a
 * nested object graph (beans, records, lists, maps, enums) several times. Prints a sorted summary
 * and exits with code 0. Optional argument: size (default 1) multiplies the rounds per thread.
 */
public final class JacksonDriver {
    public enum Status { OPEN, PAID, SHIPPED }

    public record Line(String sku, int quantity, double price) {}

    /** A bean, read and written through getters and setters. */
    public static final class Order {
        private long id;
        private String customer;
        private Status status;
        private List<Line> lines = new ArrayList<>();
        private Map<String, String> tags = new LinkedHashMap<>();
        private Order parent;

        public long getId() { return id; }
        public void setId(long id) { this.id = id; }
        public String getCustomer() { return customer; }
        public void setCustomer(String customer) { this.customer = customer; }
        public Status getStatus() { return status; }
        public void setStatus(Status status) { this.status = status; }
        public List<Line> getLines() { return lines; }
        public void setLines(List<Line> lines) { this.lines = lines; }
        public Map<String, String> getTags() { return tags; }
        public void setTags(Map<String, String> tags) { this.tags = tags; }
        @JsonProperty("parent_order")
        public Order getParent() { return parent; }
        @JsonProperty("parent_order")
        public void setParent(Order parent) { this.parent = parent; }

        @Override
        public boolean equals(Object o) {
            return o instanceof Order other && id == other.id && Objects.equals(customer, other.customer) && status == other.status
                    && lines.equals(other.lines) && tags.equals(other.tags) && Objects.equals(parent, other.parent);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, customer, status, lines, tags, parent);
        }
    }

    static Order order(int thread, int n, int depth) {
        Order o = new Order();
        o.setId(thread * 1000L + n * 10L + depth);
        o.setCustomer("customer-" + thread + "-" + n + (depth > 0 ? "-\u00e9\"quoted\"" : ""));
        o.setStatus(Status.values()[(n + depth) % 3]);
        for (int i = 0; i < 3 + (n % 4); i++) o.getLines().add(new Line("sku" + (i * 31 + n) % 97, i + 1, (i + 1) * 2.5 + n / 4.0));
        o.getTags().put("thread", Integer.toString(thread));
        o.getTags().put("n", Integer.toString(n));
        if (depth < 2) o.setParent(order(thread, n, depth + 1));
        return o;
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper mapper = JsonMapper.builder()
                .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .build();
        int threads = 3;
        int rounds = 40 * Size.of(args);
        List<String> results = Collections.synchronizedList(new ArrayList<>());
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                try {
                    CRC32 crc = new CRC32();
                    double total = 0;
                    int equal = 0;
                    for (int n = 0; n < rounds; n++) {
                        Order o = order(id, n, 0);
                        String json = mapper.writeValueAsString(o);
                        crc.update(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        Order back = mapper.readValue(json, Order.class);
                        if (back.equals(o)) equal++;
                        JsonNode tree = mapper.readTree(json);
                        for (JsonNode line : tree.path("lines")) total += line.path("quantity").asInt() * line.path("price").asDouble();
                        List<Map<String, Object>> lines = mapper.convertValue(tree.path("parent_order").path("lines"), new TypeReference<>() {});
                        total += lines.size();
                    }
                    results.add(String.format("thread %d equal=%d/%d crc=%08x total=%.2f", id, equal, rounds, crc.getValue(), total));
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "jackson-" + t);
            ts.add(th);
            th.start();
        }
        for (Thread th : ts) th.join();
        if (!failures.isEmpty()) {
            failures.get(0).printStackTrace();
            System.exit(1);
        }
        Collections.sort(results);
        results.forEach(System.out::println);
        System.out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(order(9, 1, 1)));
        System.exit(0);
    }
}
