package dev.wholetrace.model.grammar;

import java.util.NoSuchElementException;

/**
 * Streams the terminals of a {@link Grammar} left to right with an explicit stack of at most
 * {@code depth} frames: no recursion, no memory proportional to the expansion.
 */
public final class GrammarExpander {
    private final int[] offsets;
    private final int[] body;
    private final int[] pos; // next body position to read, per frame
    private final int[] end; // end of that frame's body
    private int top;
    private long remaining;

    GrammarExpander(Grammar g, int rule, long from) {
        this.offsets = g.offsets();
        this.body = g.rawBody();
        int depth = g.depth(rule);
        pos = new int[depth + 1];
        end = new int[depth + 1];
        long length = g.expandedLength(rule);
        if (from < 0 || from > length) {
            throw new IndexOutOfBoundsException("start " + from + " outside [0, " + length + "]");
        }
        remaining = length - from;
        top = 0;
        pos[0] = offsets[rule];
        end[0] = offsets[rule + 1];
        if (from > 0 && remaining > 0) seek(g, rule, from);
    }

    /** Positions the stack at terminal {@code from}: one binary search per level. */
    private void seek(Grammar g, int rule, long from) {
        long[] pre = g.prefix();
        long i = from;
        while (true) {
            int p = Grammar.locate(pre, offsets[rule], offsets[rule + 1], i);
            int s = body[p];
            if (s >= 0) {
                pos[top] = p;
                return;
            }
            i -= pre[p];
            pos[top] = p + 1;
            rule = -1 - s;
            top++;
            pos[top] = offsets[rule];
            end[top] = offsets[rule + 1];
        }
    }

    public boolean hasNext() {
        return remaining > 0;
    }

    /** Terminals not yet returned. */
    public long remaining() {
        return remaining;
    }

    public int next() {
        if (remaining == 0) throw new NoSuchElementException();
        remaining--;
        int t = top;
        while (true) {
            int p = pos[t];
            if (p == end[t]) {
                t--;
                continue;
            }
            pos[t] = p + 1;
            int s = body[p];
            if (s >= 0) {
                top = t;
                return s;
            }
            int r = -1 - s;
            t++;
            pos[t] = offsets[r];
            end[t] = offsets[r + 1];
        }
    }

    /**
     * Fills {@code out[off, off+len)} with the next terminals; returns how many were written
     * (fewer than {@code len} only at the end of the expansion).
     */
    public int read(int[] out, int off, int len) {
        int n = (int) Math.min(len, remaining);
        int t = top;
        int[] pos = this.pos;
        int[] end = this.end;
        int[] body = this.body;
        for (int k = 0; k < n; ) {
            int p = pos[t];
            if (p == end[t]) {
                t--;
                continue;
            }
            pos[t] = p + 1;
            int s = body[p];
            if (s >= 0) {
                out[off + k++] = s;
            } else {
                int r = -1 - s;
                t++;
                pos[t] = offsets[r];
                end[t] = offsets[r + 1];
            }
        }
        top = t;
        remaining -= n;
        return n;
    }
}
