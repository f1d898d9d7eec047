package dev.wholetrace.simulate.tx.interp;

import dev.wholetrace.simulate.tx.lang.Program;
import dev.wholetrace.simulate.tx.lang.Stmt;
import dev.wholetrace.simulate.tx.lang.TxException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An execution of a thesis-language program saved as a file ({@code .txtrace}, docs/tx.md "Trace
 * files"), so that {@code tx correspond} and {@code tx extrapolate} can work on executions recorded
 * earlier, or on another machine, instead of running the program themselves. Line-oriented text,
 * versioned by its first line:
 *
 * <pre>
 * wholetrace-tx-trace 1
 * program STATEMENTS DIGEST NAME  (NAME to the end of the line)
 * machine NAME                    (to the end of the line)
 * end-time CYCLES
 * threads K
 * PARENT CREATE-EVENT UNIT        (K lines; thread 0 is the main thread: -1 -1 0)
 * events N
 * THREAD STATEMENT VALUE START INSTRUCTIONS   (N lines, in start order; STATEMENT by name)
 * </pre>
 *
 * Statements are written by name and the program's digest (its statement names and thread bodies)
 * is checked on reading, so a trace is never read against another program. Every line is checked;
 * a bad file is a {@link TxException} naming the line.
 */
public final class TraceFile {
    /** The version this writes; the reader accepts 1. */
    public static final int VERSION = 1;
    private static final String MAGIC = "wholetrace-tx-trace";

    private TraceFile() {}

    /** A digest of the program's statements (names and thread bodies, in id order): equal programs, equal digests. */
    public static String digest(Program p) {
        long h = 1125899906842597L;
        for (Stmt s : p.statements()) {
            for (char c : s.name().toCharArray()) h = 31 * h + c;
            h = 31 * h + s.unit() + 7;
        }
        return String.format("%016x", h);
    }

    /** Writes {@code t}, an execution of {@code p} on machine {@code machine}. */
    public static void write(Trace t, Program p, String machine, Writer out) throws IOException {
        String[] names = p.names();
        StringBuilder b = new StringBuilder(64 + 32 * t.size());
        b.append(MAGIC).append(' ').append(VERSION).append('\n');
        b.append("program ").append(names.length).append(' ').append(digest(p)).append(' ').append(oneLine(p.name())).append('\n');
        b.append("machine ").append(oneLine(machine)).append('\n');
        b.append("end-time ").append(t.endTime()).append('\n');
        b.append("threads ").append(t.threads()).append('\n');
        for (int k = 0; k < t.threads(); k++) b.append(t.parent(k)).append(' ').append(t.createEvent(k)).append(' ').append(t.unit(k)).append('\n');
        b.append("events ").append(t.size()).append('\n');
        for (int e = 0; e < t.size(); e++) {
            b.append(t.thread(e)).append(' ').append(names[t.stmt(e)]).append(' ').append(t.value(e)).append(' ').append(t.start(e)).append(' ')
                    .append(t.instructions(e)).append('\n');
            if (b.length() > 1 << 16) {
                out.write(b.toString());
                b.setLength(0);
            }
        }
        out.write(b.toString());
        out.flush();
    }

    private static String oneLine(String s) {
        return s.replaceAll("[\\r\\n]+", " ").strip();
    }

    /** What a file holds: the execution and the machine it ran on. */
    public record Saved(Trace trace, String machine) {}

    /** Reads a trace of {@code p}. */
    public static Saved read(BufferedReader in, Program p) throws IOException, TxException {
        Lines l = new Lines(in);
        String[] magic = l.fields(0, "the header"); // the magic first: a file of another kind is named as such, whatever its first line
        if (!magic[0].equals(MAGIC)) throw l.error("not a tx trace file (it starts with '" + magic[0] + "', expected " + MAGIC + ")");
        if (magic.length != 2) throw l.error("expected the header '" + MAGIC + " VERSION'");
        if (!magic[1].equals(Integer.toString(VERSION))) throw l.error("tx trace version " + magic[1] + " (this build reads version " + VERSION + ")");
        String[] prog = l.rest("program", 3);
        if (!prog[0].equals(Integer.toString(p.statements().size())) || !prog[1].equals(digest(p))) {
            throw l.error("the trace is of another program (" + prog[2] + ", " + prog[0] + " statements) than " + p.name() + " (" + p.statements().size()
                    + " statements)");
        }
        String machine = l.rest("machine", 1)[0];
        long endTime = l.number(l.keyed("end-time", 1)[1]);
        int threads = (int) l.count(l.keyed("threads", 1)[1]);
        Trace t = new Trace();
        int units = 0;
        for (Stmt s : p.statements()) units = Math.max(units, s.unit() + 1);
        for (int k = 0; k < threads; k++) {
            String[] f = l.fields(3, "a thread");
            long parent = l.number(f[0]), event = l.number(f[1]), unit = l.number(f[2]);
            if (unit < 0 || unit >= units) throw l.error("unit " + unit + " is not a thread body of the program");
            if (k == 0) {
                if (parent != -1 || event != -1 || unit != 0) throw l.error("thread 0 is the main thread: -1 -1 0");
                continue;
            }
            if (parent < 0 || parent >= k) throw l.error("thread " + k + "'s parent " + parent + " is not an earlier thread");
            t.addThread((int) parent, (int) event, (int) unit);
        }
        Map<String, Integer> byName = new HashMap<>();
        for (Stmt s : p.statements()) byName.put(s.name(), s.id());
        long events = l.count(l.keyed("events", 1)[1]);
        long previousStart = Long.MIN_VALUE;
        List<Stmt> statements = p.statements();
        for (long e = 0; e < events; e++) {
            String[] f = l.fields(5, "an event");
            long thread = l.number(f[0]);
            if (thread < 0 || thread >= threads) throw l.error("thread " + thread + " of " + threads);
            Integer s = byName.get(f[1]);
            if (s == null) throw l.error("no statement " + f[1] + " in " + p.name());
            if (statements.get(s).unit() != t.unit((int) thread)) throw l.error(f[1] + " is not a statement of thread " + thread + "'s body");
            long start = l.number(f[3]);
            if (start < previousStart) throw l.error("events are in start order; " + start + " comes after " + previousStart);
            previousStart = start;
            long instructions = l.number(f[4]);
            if (instructions < 0 || instructions > Integer.MAX_VALUE) throw l.error("instruction count " + instructions);
            int at = t.add((int) thread, s, start);
            t.value(at, l.number(f[2]));
            t.instructions(at, (int) instructions);
        }
        for (int k = 1; k < threads; k++) {
            int ev = t.createEvent(k);
            if (ev < 0 || ev >= t.size() || t.thread(ev) != t.parent(k) || !(statements.get(t.stmt(ev)) instanceof Stmt.TaskCreate)) {
                throw l.error("thread " + k + " names event " + ev + " as its task_create, which it is not");
            }
        }
        if (in.readLine() != null) throw l.error("lines after the last event");
        t.endTime(endTime);
        return new Saved(t, machine);
    }

    /** Numbered lines with one-line errors. */
    private static final class Lines {
        private final BufferedReader in;
        private int no;

        Lines(BufferedReader in) {
            this.in = in;
        }

        /** The next line's fields; there must be {@code n} of them unless {@code n} is 0. */
        String[] fields(int n, String what) throws IOException, TxException {
            String line = in.readLine();
            no++;
            if (line == null) throw error("the file ends before " + what);
            String[] f = line.strip().split(" +");
            if (n > 0 && f.length != n) throw error("expected " + what + " (" + n + " fields), found '" + line + "'");
            return f;
        }

        /** A line {@code key v1 … vN}: the first n-1 values split at spaces, the last one the rest of the line. */
        String[] rest(String key, int n) throws IOException, TxException {
            String line = in.readLine();
            no++;
            if (line == null) throw error("the file ends before the '" + key + "' line");
            if (!line.startsWith(key + " ")) throw error("expected the '" + key + "' line, found '" + line + "'");
            String[] f = line.substring(key.length() + 1).split(" ", n);
            if (f.length != n) throw error("the '" + key + "' line needs " + n + " values: '" + line + "'");
            return f;
        }

        String[] keyed(String key, int values) throws IOException, TxException {
            String[] f = fields(values + 1, "the '" + key + "' line");
            if (!f[0].equals(key)) throw error("expected the '" + key + "' line, found '" + f[0] + "'");
            return f;
        }

        long number(String s) throws TxException {
            try {
                return Long.parseLong(s);
            } catch (NumberFormatException e) {
                throw error("'" + s + "' is not a number");
            }
        }

        long count(String s) throws TxException {
            long n = number(s);
            if (n < 0 || n > Integer.MAX_VALUE - 8) throw error("count " + n + " out of range");
            return n;
        }

        TxException error(String message) {
            return new TxException(no, 1, message);
        }
    }
}
