package dev.wholetrace.synthetic;

/**
 * The address stream of one store instruction sweeping a sub-grid of a {@code side x side} array
 * of 8-byte elements, row-major, repeated over {@code outer} iterations:
 * <ul>
 *   <li>interior: {@code for o: for i in 1..side-2: for j in 1..side-2: store A[i][j]} (a stencil
 *       writing everything but the border);</li>
 *   <li>tiles: the interior {@code [t/2, side-t/2)} swept in {@code t x t} tiles
 *       ({@code t = max(8, side/32)}): tile by tile, row by row inside a tile.</li>
 * </ul>
 * Generated on the fly, row segment by row segment.
 */
public final class GridSweep {
    public static final long BASE = 0x7f3a_1c40_0000L;

    private final int side;
    private final int outer;
    private final boolean tiles;
    private final int tile;
    private final int lo;
    private final int tilesPerRow;
    private final long segmentsPerOuter;
    private final int segmentLength;
    private long segment; // next segment to start
    private long address;
    private int left;     // addresses left in the current segment

    public GridSweep(int side, int outer, boolean tiles) {
        this.side = side;
        this.outer = outer;
        this.tiles = tiles;
        if (tiles) {
            tile = Math.max(8, side / 32);
            lo = tile / 2;
            tilesPerRow = (side - tile) / tile;
            segmentsPerOuter = (long) tilesPerRow * tilesPerRow * tile;
            segmentLength = tile;
        } else {
            tile = 0;
            lo = 1;
            tilesPerRow = 0;
            segmentsPerOuter = side - 2;
            segmentLength = side - 2;
        }
    }

    public long length() {
        return segmentsPerOuter * segmentLength * outer;
    }

    public String describe() {
        return tiles
                ? String.format("%dx%d array of 8-byte elements, interior [%d,%d)^2 in %dx%d tiles, %d outer iterations",
                        side, side, lo, lo + tilesPerRow * tile, tile, tile, outer)
                : String.format("%dx%d array of 8-byte elements, interior [1,%d)^2 row-major, %d outer iterations",
                        side, side, side - 1, outer);
    }

    /** Fills {@code buf} with the next addresses; returns how many (0 at the end). */
    public int fill(long[] buf) {
        int k = 0;
        while (k < buf.length) {
            if (left == 0 && !nextSegment()) break;
            int n = Math.min(left, buf.length - k);
            long a = address;
            for (int i = 0; i < n; i++) {
                buf[k++] = a;
                a += 8;
            }
            address = a;
            left -= n;
        }
        return k;
    }

    private boolean nextSegment() {
        if (segment == segmentsPerOuter * outer) return false;
        long s = segment++ % segmentsPerOuter;
        long row;
        long col;
        if (tiles) {
            long t = s / tile;
            int r = (int) (s % tile);
            row = lo + (t / tilesPerRow) * tile + r;
            col = lo + (t % tilesPerRow) * tile;
        } else {
            row = 1 + s;
            col = 1;
        }
        address = BASE + (row * side + col) * 8;
        left = segmentLength;
        return true;
    }
}
