package dev.wholetrace.cli.commands;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.model.event.ThreadInfo;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.reader.ThreadTrace;
import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Prints S_synch entries and a thread's events, one line each, as text or as JSON lines (dump,
 * segment and the demo share it, so the formats cannot drift apart). Streams: each event is
 * formatted and written as it comes from the iterator, so a thread of any length needs constant
 * memory. Stops after {@code limit} lines, or when the reader of the output has gone away
 * ({@code ... | head}), instead of expanding the rest of the trace for nobody.
 *
 * <p>JSON field names are stable. An event line has {@code thread}, {@code pos} (its number among
 * the thread's events) and {@code type} (block, load, store, sync), then per type: {@code block};
 * {@code instruction} (null in DOR), {@code address}, {@code object}, {@code offset}; or
 * {@code kind}, {@code op} (the thread's sync operation number), {@code syncIndex} (its S_synch
 * entry), {@code object}, {@code objectThread}, {@code episode}, {@code site}. An S_synch line has
 * {@code index}, {@code thread}, {@code op}, {@code kind}, {@code object}, {@code objectThread},
 * {@code episode}, {@code firstOfEpisode}, {@code site}. Every line ends with {@code where} and
 * {@code code} from the trace's code map (null when the id is not in it).
 */
final class EventPrinter implements AutoCloseable {
    /** The output formats of dump and segment (lower case, as typed on the command line). */
    enum Format { text, jsonl }

    /** How often (in lines) to check whether the output is still being read. */
    private static final int CHECK_EVERY = 4096;

    private final ParallelTrace trace;
    private final Format format;
    private final PrintWriter out;
    private final long limit;
    private final Map<Long, Integer> threadOfObject = new HashMap<>();
    private long printed;
    private boolean outputClosed;

    /** @param limit lines to print at most (headers excluded); Long.MAX_VALUE for all */
    EventPrinter(ParallelTrace trace, PrintWriter out, Format format, long limit) {
        this.trace = trace;
        this.format = format;
        // Our own buffer: the command line's writer flushes on every line, too slow for millions.
        this.out = new PrintWriter(new BufferedWriter(out, 1 << 16), false);
        this.limit = limit;
        for (ThreadInfo t : trace.threads()) threadOfObject.putIfAbsent(t.object(), t.index());
    }

    /** Whether nothing more will be printed: the limit is reached or the output was closed. */
    boolean done() {
        return printed >= limit || outputClosed;
    }

    /** Lines printed so far (headers excluded). */
    long printed() {
        return printed;
    }

    /** A line before the events (not counted against the limit), as text or as a JSON object. */
    void header(String text, Json json) {
        out.println(format == Format.text ? text : json.toString());
    }

    /** S_synch entries {@code from..to} (both included). */
    void entries(int from, int to) {
        SyncOrder order = trace.syncOrder();
        for (int i = from; i <= to && !done(); i++) emit(format == Format.text ? entryText(order, i) : entryJson(order, i));
    }

    /**
     * The events of thread {@code t} that {@code events} yields, the first of which is the
     * thread's event number {@code firstPosition}; {@code firstOp} is the number of the first sync
     * operation among them.
     */
    void events(ThreadTrace t, Iterator<Event> events, long firstPosition, long firstOp) {
        long pos = firstPosition;
        long op = firstOp;
        int thread = t.info().index();
        while (!done() && events.hasNext()) {
            Event e = events.next();
            int syncIndex = -1;
            if (e.isSync()) syncIndex = trace.syncOrder().indexOfTicket(t.ticket(op));
            emit(format == Format.text ? eventText(pos, e, op, syncIndex) : eventJson(thread, pos, e, op, syncIndex));
            if (e.isSync()) op++;
            pos++;
        }
    }

    @Override
    public void close() {
        out.flush();
    }

    private void emit(String line) {
        out.println(line);
        if (++printed % CHECK_EVERY == 0 && out.checkError()) outputClosed = true;
    }

    // ---- text -----------------------------------------------------------------------------------

    private String entryText(SyncOrder order, int i) {
        StringBuilder b = new StringBuilder(120);
        pad(b, Long.toString(i), 8).append("  thread ");
        padRight(b, Integer.toString(order.thread(i)), 3).append(" op ");
        padRight(b, Long.toString(order.op(i)), 8).append(' ');
        padRight(b, label(order.kind(i)), 14).append(" object ").append(objectText(order.object(i)));
        if (order.kind(i) == SyncKind.BARRIER) {
            b.append("  episode ").append(order.aux(i));
            if (order.firstOfEpisode(i)) b.append(" (first to leave)");
        }
        if (isPhase(order.kind(i), order.aux(i))) b.append("  phase ").append(order.aux(i));
        return site(b, order.site(i)).toString();
    }

    private String eventText(long pos, Event e, long op, int syncIndex) {
        StringBuilder b = new StringBuilder(120);
        pad(b, Long.toString(pos), 10).append("  ");
        switch (e.type()) {
            case BLOCK -> {
                b.append("block  ");
                padRight(b, Integer.toString(e.id()), 5);
                code(b, trace.code().block(e.id()));
            }
            case LOAD, STORE -> {
                b.append(e.type() == Event.Type.LOAD ? "load   " : "store  ");
                padRight(b, e.id() >= 0 ? Integer.toString(e.id()) : "-", 5).append(' ');
                b.append(Addresses.format(e.address()));
                if (e.id() >= 0) code(b, trace.code().instruction(e.id()));
            }
            case SYNC -> {
                b.append("sync   ");
                padRight(b, label(e.kind()), 14).append(" op ").append(op).append("  S_synch ").append(syncIndex);
                b.append("  object ").append(objectText(e.object()));
                if (e.kind() == SyncKind.BARRIER) b.append("  episode ").append(e.aux());
                if (isPhase(e.kind(), e.aux())) b.append("  phase ").append(e.aux());
                site(b, e.id());
            }
        }
        return b.toString();
    }

    /** A sync object, named after its thread when it is a thread's begin/end object. */
    private String objectText(long object) {
        Integer t = threadOfObject.get(object);
        return t != null ? "thread " + t : Long.toString(object);
    }

    /** Appends the site of a sync operation: its id when it has one, and what the code map says of it. */
    private StringBuilder site(StringBuilder b, int site) {
        CodeEntry e = trace.code().instruction(site);
        if (site == 0 && e == null) return b; // begin/end and other operations without a site
        b.append("  site ").append(site);
        return code(b, e);
    }

    private static StringBuilder code(StringBuilder b, CodeEntry e) {
        if (e != null) b.append("  ").append(TraceFiles.oneLine(e.where())).append("  ").append(TraceFiles.oneLine(e.text()));
        return b;
    }

    /** Whether aux is a Phaser's phase worth showing: a latch operation's aux (a CountDownLatch's is 0, not shown; nor is phase 0). */
    private static boolean isPhase(SyncKind k, long aux) {
        return (k == SyncKind.LATCH_COUNT_DOWN || k == SyncKind.LATCH_AWAIT) && aux != 0;
    }

    private static String label(SyncKind k) {
        return k == null ? "?" : k.label;
    }

    private static StringBuilder pad(StringBuilder b, String s, int width) {
        for (int i = s.length(); i < width; i++) b.append(' ');
        return b.append(s);
    }

    private static StringBuilder padRight(StringBuilder b, String s, int width) {
        b.append(s);
        for (int i = s.length(); i < width; i++) b.append(' ');
        return b;
    }

    // ---- JSON -----------------------------------------------------------------------------------

    private String entryJson(SyncOrder order, int i) {
        boolean barrier = order.kind(i) == SyncKind.BARRIER;
        Json j = new Json().field("index", i).field("thread", order.thread(i)).field("op", order.op(i))
                .field("kind", label(order.kind(i))).field("object", order.object(i))
                .fieldOrNull("objectThread", objectThread(order.object(i)))
                .fieldOrNull("episode", barrier ? order.aux(i) : null)
                .field("firstOfEpisode", order.firstOfEpisode(i)).field("site", order.site(i));
        return codeJson(j, trace.code().instruction(order.site(i))).toString();
    }

    private String eventJson(int thread, long pos, Event e, long op, int syncIndex) {
        Json j = new Json().field("thread", thread).field("pos", pos).field("type", e.type().name().toLowerCase(java.util.Locale.ROOT));
        CodeEntry code = switch (e.type()) {
            case BLOCK -> {
                j.field("block", e.id());
                yield trace.code().block(e.id());
            }
            case LOAD, STORE -> {
                j.fieldOrNull("instruction", e.id() >= 0 ? (long) e.id() : null).field("address", e.address())
                        .field("object", Addresses.object(e.address())).field("offset", Addresses.offset(e.address()));
                yield e.id() >= 0 ? trace.code().instruction(e.id()) : null;
            }
            case SYNC -> {
                j.field("kind", label(e.kind())).field("op", op).field("syncIndex", syncIndex).field("object", e.object())
                        .fieldOrNull("objectThread", objectThread(e.object()))
                        .fieldOrNull("episode", e.kind() == SyncKind.BARRIER ? e.aux() : null).field("site", e.id());
                yield trace.code().instruction(e.id());
            }
        };
        return codeJson(j, code).toString();
    }

    private Long objectThread(long object) {
        Integer t = threadOfObject.get(object);
        return t == null ? null : (long) t;
    }

    private static Json codeJson(Json j, CodeEntry e) {
        return j.field("where", e == null ? null : e.where()).field("code", e == null ? null : e.text());
    }
}
