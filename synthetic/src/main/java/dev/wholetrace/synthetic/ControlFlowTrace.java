package dev.wholetrace.synthetic;

import java.util.Arrays;

/**
 * A synthetic basic-block trace of a small program, generated on the fly (never materialised):
 *
 * <pre>
 * main:      B0; loop { B1; r = next data item (fixed-seed 64-bit LCG)
 *                       B2; parse(2 + r[8..9])                 // data-dependent trip count
 *                       if r[20..22] == 0 { B3; rare() } else B4   // taken 1 time in 8
 *                       compute(1 + iteration % 5)             // deterministic nested loops
 *                       if r[30] { B5 } else { B6 }
 *                       update(r[40..41])                      // calls helper() in a loop
 *                       B7 }
 * parse(t):  B10; for k &lt; t { B11; if (k + it) % 3 == 0 B12 else B13; B14 }; B15
 * compute(n):B20; for i &lt; n { B21; for j &lt; 4 { B22 }; B23 }; B24; B25
 * update(d): B30; for i &lt;= d { B31; helper(); B32 }; B33
 * helper():  B40 B41 B42
 * rare():    B50; for k &lt; 8 { B51 B52 }; B53
 * </pre>
 *
 * About 5.5 bits of pseudo-randomness per main-loop iteration of ~60 blocks, so the trace is
 * neither periodic nor incompressible. Block ids are 0..53 ({@link #ALPHABET}).
 */
public final class ControlFlowTrace {
    public static final int ALPHABET = 54;

    private long lcg;
    private long iteration;
    private int[] pending = new int[512];
    private int pendingLen;
    private int pendingPos;
    private boolean started;

    public ControlFlowTrace(long seed) {
        this.lcg = seed;
    }

    /** Fills {@code out[0, len)} with the next blocks. */
    public void fill(int[] out, int len) {
        int k = 0;
        while (k < len) {
            if (pendingPos == pendingLen) refill();
            int n = Math.min(len - k, pendingLen - pendingPos);
            System.arraycopy(pending, pendingPos, out, k, n);
            pendingPos += n;
            k += n;
        }
    }

    private void refill() {
        pendingLen = 0;
        pendingPos = 0;
        if (!started) {
            started = true;
            emit(0);
        }
        long it = iteration++;
        lcg = lcg * 6364136223846793005L + 1442695040888963407L;
        long r = lcg;
        emit(1);
        emit(2);
        parse(2 + (int) ((r >>> 8) & 3), it);
        if (((r >>> 20) & 7) == 0) {
            emit(3);
            rare();
        } else {
            emit(4);
        }
        compute(1 + (int) (it % 5));
        emit(((r >>> 30) & 1) != 0 ? 5 : 6);
        update((int) ((r >>> 40) & 3));
        emit(7);
    }

    private void parse(int t, long it) {
        emit(10);
        for (int k = 0; k < t; k++) {
            emit(11);
            emit((k + it) % 3 == 0 ? 12 : 13);
            emit(14);
        }
        emit(15);
    }

    private void compute(int n) {
        emit(20);
        for (int i = 0; i < n; i++) {
            emit(21);
            for (int j = 0; j < 4; j++) emit(22);
            emit(23);
        }
        emit(24);
        emit(25);
    }

    private void update(int d) {
        emit(30);
        for (int i = 0; i <= d; i++) {
            emit(31);
            emit(40);
            emit(41);
            emit(42);
            emit(32);
        }
        emit(33);
    }

    private void rare() {
        emit(50);
        for (int k = 0; k < 8; k++) {
            emit(51);
            emit(52);
        }
        emit(53);
    }

    private void emit(int block) {
        if (pendingLen == pending.length) pending = Arrays.copyOf(pending, pending.length * 2);
        pending[pendingLen++] = block;
    }
}
