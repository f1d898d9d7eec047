package dev.wholetrace.report.races;

import dev.wholetrace.analysis.race.Race;
import dev.wholetrace.analysis.race.RaceReport;
import dev.wholetrace.report.JsonWriter;
import dev.wholetrace.report.ReportWriter;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The races as a SARIF 2.1.0 log (OASIS), for code-scanning tools that show findings on pull
 * requests. One run; one result per finding (pair of instructions): its first side is the result's
 * location, the second side a related location. Two rules, by the kind of conflict: write/write and
 * read/write. First races are level "error"; artifacts are level "note" with a related location (and
 * a link in the message) to the race they are an artifact of. Suppressed findings keep their result,
 * with an external suppression naming the rule's {@code FILE:LINE}; stale rules are tool
 * notifications of the invocation. docs/races.md, "SARIF", describes the mapping.
 *
 * <p>{@code partialFingerprints} are stable across runs and edits elsewhere in the code: a hash of the
 * rule and of each side's class, method, descriptor, access kind and variable (no line, bytecode index
 * or instruction id, which move when code above them changes, nor the array index, which depends on
 * the schedule).
 */
public final class RacesSarif implements ReportWriter<RaceFindings> {
    // No tool.driver.informationUri / rule helpUri: both are optional in SARIF 2.1.0 and the project
    // has no public address to give; an invented one would send users to a page that does not exist.
    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    static final String FINGERPRINT = "wholetraceRace/v1";

    /** The rules: their ids, names and descriptions, index = rule index. */
    private static final String[][] RULES = {
        {"race/write-write", "WriteWriteDataRace", "Two threads write the same memory without synchronization ordering the writes.",
            "Two accesses by different threads to the same heap location (a field of one object, a static field, one array element), "
                + "both writes, that no happens-before edge the trace records orders: the value left depends on the schedule."},
        {"race/read-write", "ReadWriteDataRace", "A thread reads memory that another thread writes without synchronization ordering them.",
            "Two accesses by different threads to the same heap location, one a read and one a write, that no happens-before edge the "
                + "trace records orders: the read may see the old value, the new one, or (for long and double) a mix."},
    };

    @Override
    public void write(RaceFindings races, PrintWriter out) {
        RaceReport r = races.report();
        RaceSuppressions.Applied suppressed = races.suppressions();
        try (JsonWriter j = JsonWriter.to(out)) {
            j.beginObject().field("$schema", SCHEMA).field("version", "2.1.0").array("runs").beginObject();
            j.object("tool").object("driver").field("name", "wholetrace").field("version", races.toolVersion())
                    .array("rules");
            for (String[] rule : RULES) {
                j.beginObject().field("id", rule[0]).field("name", rule[1]);
                j.object("shortDescription").field("text", rule[2]).end();
                j.object("fullDescription").field("text", rule[3]).end();
                j.object("defaultConfiguration").field("level", "error").end();
                j.end();
            }
            j.endArray().end().end();
            j.array("invocations").beginObject().field("executionSuccessful", true);
            if (!suppressed.stale().isEmpty() || races.note() != null) {
                j.array("toolExecutionNotifications");
                for (RaceSuppressions.Rule rule : suppressed.stale()) {
                    j.beginObject().field("level", "note");
                    j.object("message").field("text", "suppression " + rule.where() + " (" + rule.text() + ") matched no race: it is stale").end();
                    j.end();
                }
                if (races.note() != null) j.beginObject().field("level", "note").object("message").field("text", races.note()).end().end();
                j.endArray();
            }
            j.end().endArray();
            j.array("results");
            for (int k = 0; k < r.findings().size(); k++) result(j, races, k);
            j.endArray();
            j.end().endArray().end();
        }
        out.println();
    }

    private static void result(JsonWriter j, RaceFindings races, int k) {
        RaceReport.Finding f = races.report().findings().get(k);
        int rule = f.a().isRead() || f.b().isRead() ? 1 : 0;
        Race.Instance e = f.example();
        String what = f.describe(e.address(), false);
        StringBuilder message = new StringBuilder();
        if (f.artifactOf() != null) {
            RaceReport.Finding first = races.report().findings().get(f.artifactOf());
            message.append("Artifact of [the race on ").append(escape(first.describe(first.example().address(), false))).append("](2): ");
        }
        message.append(f.artifactOf() == null ? "Data race on " : "data race on ").append(escape(what)).append(": ").append(f.a().access()).append(" here and ")
                .append(f.b().access()).append(" at [").append(escape(f.b().shortLocation())).append("](1) in concurrent threads, not ordered by any ")
                .append("synchronization; ").append(f.countIsLowerBound() ? "at least " : "").append(f.count()).append(" dynamic instance").append(f.count() == 1 ? "" : "s")
                .append(", e.g. threads '").append(escape(races.threadNames().get(e.threadA()))).append("' and '")
                .append(escape(races.threadNames().get(e.threadB()))).append("'.");
        j.beginObject().field("ruleId", RULES[rule][0]).field("ruleIndex", rule).field("level", f.artifactOf() == null ? "error" : "note");
        j.object("message").field("text", message.toString()).end();
        j.array("locations");
        location(j.beginObject(), races, f.a()).end();
        j.endArray();
        j.array("relatedLocations");
        location(j.beginObject().field("id", 1), races, f.b());
        j.object("message").field("text", "the other access: " + f.b().access() + " of " + what).end().end();
        if (f.artifactOf() != null) {
            RaceReport.Finding first = races.report().findings().get(f.artifactOf());
            location(j.beginObject().field("id", 2), races, first.a());
            j.object("message").field("text", "the race this one is an artifact of: " + first.a().access() + " of "
                    + first.describe(first.example().address(), false)).end().end();
        }
        j.endArray();
        j.object("partialFingerprints").field(FINGERPRINT, fingerprint(RULES[rule][0], f)).end();
        if (races.suppressions().isSuppressed(k)) {
            j.array("suppressions").beginObject().field("kind", "external")
                    .field("justification", "listed in " + races.suppressions().suppressedBy().get(k)).end().endArray();
        }
        j.object("properties").field("dynamicInstances", f.count());
        if (f.countIsLowerBound()) j.field("countIsLowerBound", true);
        if (f.artifactOf() != null) j.field("artifactOf", f.artifactOf());
        j.end();
        j.end();
    }

    /** A physical location (the source file under the source root, the line) and a logical one (the method). */
    private static JsonWriter location(JsonWriter j, RaceFindings races, RaceReport.Side s) {
        j.object("physicalLocation").object("artifactLocation").field("uri", uri(races.sourceRoot(), s.sourcePath())).end();
        if (s.line() > 0) j.object("region").field("startLine", s.line()).end();
        j.end();
        j.array("logicalLocations").beginObject().field("fullyQualifiedName", s.className() + "." + s.method())
                .field("decoratedName", s.className() + "." + s.method() + s.descriptor()).field("kind", "function").end().endArray();
        return j;
    }

    /** A relative URI reference: the source root's path, then the class's source path, percent-encoded where needed. */
    static String uri(String sourceRoot, String sourcePath) {
        String root = sourceRoot.replace('\\', '/');
        while (root.endsWith("/")) root = root.substring(0, root.length() - 1);
        while (root.startsWith("./")) root = root.substring(2);
        String path = root.isEmpty() || root.equals(".") ? sourcePath : root + "/" + sourcePath;
        try {
            return new URI(null, null, path, null).toASCIIString();
        } catch (URISyntaxException ex) {
            throw new IllegalArgumentException("source path '" + path + "' cannot be a URI: " + ex.getMessage());
        }
    }

    /** Literal brackets and backslashes escaped: in a SARIF message with links they would read as link syntax (§3.11.6). */
    static String escape(String text) {
        return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
    }

    /** SHA-256 of the rule and the two sides' stable names (sorted, so the order the detector lists them in does not matter). */
    static String fingerprint(String rule, RaceReport.Finding f) {
        String a = stable(f.a()), b = stable(f.b());
        String key = rule + "\n" + (a.compareTo(b) <= 0 ? a + "\n" + b : b + "\n" + a);
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException("every JVM has SHA-256", ex);
        }
    }

    private static String stable(RaceReport.Side s) {
        String variable = s.location() == null ? s.target() : s.location().variable();
        return String.join("|", List.of(s.className(), s.method(), s.descriptor(), s.access(), variable));
    }
}
