package dev.wholetrace.report.races;

import dev.wholetrace.analysis.race.RaceReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Known races to leave out of a CI verdict ({@code races --suppress FILE}), one per line:
 * {@code Class.method:line <-> Class.method:line}. The two sides match a race's two accesses in
 * either order; a class is its simple or its fully qualified name ({@code Counter} or
 * {@code app.Counter}, nested classes with {@code $}); {@code *} matches any characters and
 * {@code ?} one; a side without {@code :line} matches every line of the method. {@code #} starts a
 * comment; blank lines are skipped; an optional {@code %version 1} line states the format's
 * version ({@link #VERSION}), documented in docs/races.md.
 *
 * <p>Suppressed races are still reported, marked and counted; a rule that matched no race is
 * reported as stale, so that a list of known races does not silently outlive them.
 */
public final class RaceSuppressions {
    /** A side: {@code Class.method} (globs allowed) and an optional {@code :line} (digits or globs). */
    private static final Pattern SIDE = Pattern.compile("[\\w$*?<>-][\\w$.*?<>-]*\\.[\\w$*?<>-]+(:[\\d*?]+)?");

    /** One line of the file: where it is, its text, and its two sides as regular expressions. */
    public record Rule(String file, int line, String text, Pattern first, Pattern second) {
        /** {@code FILE:LINE}, as messages name a rule. */
        public String where() {
            return file + ":" + line;
        }

        boolean matches(RaceReport.Finding f) {
            return matches(first, f.a()) && matches(second, f.b()) || matches(first, f.b()) && matches(second, f.a());
        }

        private static boolean matches(Pattern p, RaceReport.Side s) {
            return p.matcher(s.qualifiedLocation()).matches() || p.matcher(s.shortLocation()).matches();
        }
    }

    /**
     * The outcome over one report.
     *
     * @param suppressedBy per finding (same index), the rule that suppressed it ({@code FILE:LINE}), or null
     * @param stale        the rules that matched no finding
     */
    public record Applied(List<String> suppressedBy, List<Rule> stale) {
        public Applied {
            suppressedBy = java.util.Collections.unmodifiableList(new ArrayList<>(suppressedBy));
            stale = List.copyOf(stale);
        }

        /** How many findings were suppressed. */
        public int count() {
            int n = 0;
            for (String s : suppressedBy) if (s != null) n++;
            return n;
        }

        /** Whether finding {@code k} was suppressed. */
        public boolean isSuppressed(int k) {
            return suppressedBy.get(k) != null;
        }
    }

    /** The format version: a file may say it in a line {@code %version 1}; another version is refused. */
    public static final int VERSION = 1;

    private final List<Rule> rules;

    private RaceSuppressions(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** No suppressions. */
    public static RaceSuppressions none() {
        return new RaceSuppressions(List.of());
    }

    /**
     * Reads a suppression file.
     *
     * @throws IllegalArgumentException for a malformed line: one line naming {@code FILE:LINE}
     */
    public static RaceSuppressions read(Path file) throws IOException {
        return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** Parses the lines of a suppression file named {@code name} in messages. */
    public static RaceSuppressions parse(String name, List<String> lines) {
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            int hash = raw.indexOf('#');
            String text = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
            if (text.isEmpty()) continue;
            if (text.startsWith("%version")) {
                if (!text.equals("%version " + VERSION)) {
                    throw new IllegalArgumentException(name + ":" + (i + 1) + ": this wholetrace reads suppression files of version " + VERSION
                            + ", not '" + dev.wholetrace.model.util.Text.oneLine(text) + "'");
                }
                continue;
            }
            String[] sides = text.split("<->", -1);
            if (sides.length != 2 || !SIDE.matcher(sides[0].strip()).matches() || !SIDE.matcher(sides[1].strip()).matches()) {
                throw new IllegalArgumentException(name + ":" + (i + 1) + ": expected 'Class.method:line <-> Class.method:line'"
                        + " (globs * and ?, ':line' optional), got '" + dev.wholetrace.model.util.Text.oneLine(text) + "'");
            }
            rules.add(new Rule(name, i + 1, text, glob(sides[0].strip()), glob(sides[1].strip())));
        }
        return new RaceSuppressions(rules);
    }

    /** A side as a regular expression: globs become {@code .*} and {@code .}; no line means any line. */
    private static Pattern glob(String side) {
        StringBuilder re = new StringBuilder();
        for (char c : side.toCharArray()) {
            if (c == '*') re.append(".*");
            else if (c == '?') re.append('.');
            else re.append(Pattern.quote(String.valueOf(c)));
        }
        if (side.indexOf(':') < 0) re.append("(:\\d+)?");
        return Pattern.compile(re.toString());
    }

    /** Which findings of {@code report} the rules suppress (the first matching rule names it), and which rules matched nothing. */
    public Applied apply(RaceReport report) {
        List<String> by = new ArrayList<>();
        boolean[] used = new boolean[rules.size()];
        for (RaceReport.Finding f : report.findings()) {
            String match = null;
            for (int r = 0; r < rules.size(); r++) {
                if (!rules.get(r).matches(f)) continue;
                used[r] = true;
                if (match == null) match = rules.get(r).where();
            }
            by.add(match);
        }
        List<Rule> stale = new ArrayList<>();
        for (int r = 0; r < rules.size(); r++) if (!used[r]) stale.add(rules.get(r));
        return new Applied(by, stale);
    }

    /** The rules, in file order. */
    public List<Rule> rules() {
        return rules;
    }
}
