package dev.wholetrace.report.events;

import dev.wholetrace.model.event.Addresses;
import dev.wholetrace.model.event.CodeEntry;
import dev.wholetrace.model.event.Event;
import dev.wholetrace.model.event.SyncKind;
import dev.wholetrace.reader.ParallelTrace;
import dev.wholetrace.reader.SyncOrder;
import dev.wholetrace.model.util.Text;

/** Event lines as aligned text for people: number, kind, operands, and the code map's place and text. */
final class TextEventLines extends EventLines {
    TextEventLines(ParallelTrace trace) {
        super(trace);
    }

    @Override
    public String syncEntry(int i) {
        SyncOrder order = trace.syncOrder();
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

    @Override
    public String event(int thread, long pos, Event e, long op, int syncIndex) {
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

    @Override
    public String segment(SegmentHeader h) {
        StringBuilder text = new StringBuilder().append("segment  thread ").append(h.thread()).append(" (")
                .append(Text.oneLine(h.threadName())).append(")").append(", sync ops ").append(h.fromOp()).append("..").append(h.toOp())
                .append(": events ").append(h.firstEvent()).append("..").append(h.lastEvent()).append(" (").append(h.events())
                .append(" events); ");
        if (h.rule() != null) {
            int rule = h.rule();
            text.append("lowest common rule R").append(rule).append(rule == 0 ? " (the start rule)" : "")
                    .append(" of chunk ").append(h.firstChunk()).append("'s WPP (expands to ").append(h.ruleLength())
                    .append(" events; the segment is its events ").append(h.fromInRule()).append("..").append(h.toInRule())
                    .append(")");
        } else {
            text.append("spans chunks ").append(h.firstChunk()).append("..").append(h.lastChunk())
                    .append(" (no common rule): from event ").append(h.fromInRule()).append(" of chunk ")
                    .append(h.firstChunk()).append("'s WPP to event ").append(h.toInRule()).append(" of chunk ")
                    .append(h.lastChunk()).append("'s");
        }
        return text.toString();
    }

    /** A sync object, named after its thread when it is a thread's begin/end object. */
    private String objectText(long object) {
        Integer t = threadOfObject(object);
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
        if (e != null) b.append("  ").append(Text.oneLine(e.where())).append("  ").append(Text.oneLine(e.text()));
        return b;
    }

    /** Whether aux is a Phaser's phase worth showing: a latch operation's aux (a CountDownLatch's is 0, not shown; nor is phase 0). */
    private static boolean isPhase(SyncKind k, long aux) {
        return (k == SyncKind.LATCH_COUNT_DOWN || k == SyncKind.LATCH_AWAIT) && aux != 0;
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
}
