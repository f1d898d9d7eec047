package dev.wholetrace.workloads.kernels;

import java.util.Locale;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.ReentrantLock;

/**
 * SPLASH MP3D: rarefied hypersonic flow past a wedge in a 3-D wind tunnel, simulated particle by
 * particle. Space is a grid of unit cells: a reservoir slab upstream (x in [-R, 0)) and the tunnel
 * (x in [0, X)), both Y × Z, with a wedge on the tunnel floor. Every time step each thread moves its
 * own particles (a contiguous range of the particle arrays): a free flight of one time unit,
 * specular reflection off the side walls and the wedge, particles leaving through an open end
 * (downstream, or upstream out of the reservoir) go back into the reservoir with a fresh
 * free-stream velocity, and reservoir particles drifting past x = 0 enter the tunnel. Then the
 * particle is entered into its space cell — count and momentum sums — under that cell's lock, as in
 * SPLASH MP3D. The particle arrays are in no spatial order (random initial positions, random
 * re-entry), so the cells a thread touches one after the other are essentially random: the access
 * pattern the paper studies MP3D for.
 *
 * <p>Collisions, made deterministic. MP3D lets each particle entering a cell collide with the
 * cell's last resident, so who collides with whom depends on which thread got to the cell first.
 * Here every particle draws a random key from its own generator when it enters its cell, and the
 * cell remembers its two smallest keys (a minimum does not depend on the order of the updates).
 * After a barrier the holder of the second-smallest key collides with the holder of the smallest
 * (the cell's resident), with a probability growing with the cell's count: a hard-sphere collision
 * that keeps the pair's momentum and energy and turns their relative velocity in a random
 * direction. The owner of the second particle updates both particles, under the cell's lock; the
 * resident may belong to another thread's range, which is why the lock is there. The resident is in
 * no other pair and its owner does not touch its velocity in that phase, so the program is data-race
 * free and every particle's history — and the printed line — is the same for every thread count.
 *
 * <p>Main loop per step, as in MP3D: move (barrier) collide and per-cell statistics (barrier), then
 * thread 0 checks the step's global counters, which every thread adds to under one global lock at
 * the end of each phase. The cell data written under the cell locks in the move are read without
 * locks after the barrier. They are double-buffered by step parity: the owner of a range of cells
 * clears the other buffer, last read in the previous step, so clearing needs no barrier of its own.
 * Momentum sums are fixed-point longs, so their totals do not depend on the order of the additions.
 *
 * <p>Size: particles (default 50,000, about 8 per cell); steps: time steps.
 *
 * <p>One file of about 500 lines on purpose: it is a port of one SPLASH program, kept in one piece so
 * that it reads side by side with the original (move, collide, boundary and reservoir phases).
 */
public final class Mp3d implements Kernel {
    /** Free-stream speed along x, in cells per time step (dt = 1). */
    private static final double STREAM = 0.5;
    /** Standard deviation of each thermal velocity component: the free stream is 6 of them fast. */
    private static final double THERMAL = 0.08;
    /** Collision probability per particle in the cell, and its cap. */
    private static final double P_PER_PARTICLE = 0.08;
    private static final double P_MAX = 0.9;
    /** Fixed-point scale of the cells' momentum sums. */
    private static final double FIXED = 1 << 20;
    /** An empty pairing slot; its low 32 bits (-1) are no particle index. */
    private static final long EMPTY = Long.MAX_VALUE;
    private static final long SEED = 0x6d70_3364_5350_4cL; // "mp3dSPL"

    // geometry: cells per side, reservoir depth, the wedge from X0 to X1 with slope S
    private int xCells, yCells, zCells, reservoir, cells;
    private double x0, x1, slope;

    // particles: position, velocity, generator state, current cell (owned by one thread each)
    private int n;
    double[] x, y, z, vx, vy, vz;
    private long[] rng;
    private int[] cell;

    // cells, two buffers by step parity: [parity * cells + c]
    private int[] count;
    private long[] momX, momY, momZ, firstKey, secondKey;
    private ReentrantLock[] cellLocks;
    // cells, cumulative over all steps (each cell written by the thread owning its range)
    long[] cellTotal;
    private long[] flowX;

    // global per-step counters, added to under the global lock
    private long[] stepMoved, stepTunnel, stepEntered, stepExited, stepWall, stepCollisions, stepCells;
    private long[] stepMom, stepCellMom; // [3 * step + axis]
    private final ReentrantLock global = new ReentrantLock();

    private int steps, threads;
    private double initialEnergy;
    private CyclicBarrier barrier;

    /** Test hook: thread 0's cells lose this many count updates in step {@link #lostAtStep}, as a race would. */
    int lostUpdates;
    int lostAtStep;

    @Override
    public String run(int threads, int size, int steps) throws InterruptedException {
        if (threads < 1) throw new IllegalArgumentException("mp3d: threads must be at least 1, not " + threads);
        if (size < Kernels.MP3D.minSize) throw new IllegalArgumentException("mp3d: particles must be at least " + Kernels.MP3D.minSize + ", not " + size);
        if (steps < 1) throw new IllegalArgumentException("mp3d: steps must be at least 1, not " + steps);
        setUp(threads, size, steps);
        barrier = new CyclicBarrier(threads);
        Workers.run("mp3d", threads, this::work);
        validate();
        return line();
    }

    /** The tunnel for {@code size} particles and the particles' initial free-stream state. */
    private void setUp(int threads, int size, int steps) {
        this.threads = threads;
        this.steps = steps;
        this.n = size;
        int k = Math.max(2, (int) Math.cbrt(size / 16.0)); // X × Y × Z = 2k × k × k: about 8 per cell
        xCells = 2 * k;
        yCells = k;
        zCells = k;
        reservoir = Math.max(1, xCells / 8);
        cells = (reservoir + xCells) * yCells * zCells;
        x0 = xCells / 4;
        x1 = xCells / 2;
        slope = (zCells / 2.0) / (x1 - x0); // the wedge rises to half the tunnel's height
        x = new double[n];
        y = new double[n];
        z = new double[n];
        vx = new double[n];
        vy = new double[n];
        vz = new double[n];
        rng = new long[n];
        cell = new int[n];
        count = new int[2 * cells];
        momX = new long[2 * cells];
        momY = new long[2 * cells];
        momZ = new long[2 * cells];
        firstKey = new long[2 * cells];
        secondKey = new long[2 * cells];
        java.util.Arrays.fill(firstKey, EMPTY);
        java.util.Arrays.fill(secondKey, EMPTY);
        cellLocks = new ReentrantLock[cells];
        for (int c = 0; c < cells; c++) cellLocks[c] = new ReentrantLock();
        cellTotal = new long[cells];
        flowX = new long[cells];
        stepMoved = new long[steps];
        stepTunnel = new long[steps];
        stepEntered = new long[steps];
        stepExited = new long[steps];
        stepWall = new long[steps];
        stepCollisions = new long[steps];
        stepCells = new long[steps];
        stepMom = new long[3 * steps];
        stepCellMom = new long[3 * steps];
        double[] x = this.x, y = this.y, z = this.z, vx = this.vx, vy = this.vy, vz = this.vz; // read once: traced
        long[] rng = this.rng;
        int reservoir = this.reservoir;
        double length = reservoir + xCells, yMax = yCells, zMax = zCells, x0 = this.x0, x1 = this.x1, slope = this.slope;
        double energy = 0;
        for (int p = 0; p < n; p++) {
            long r = mix(SEED + p);
            double px, pz;
            do { // uniform over the whole space outside the wedge
                r = next(r);
                px = -reservoir + length * unit(r);
                r = next(r);
                pz = zMax * unit(r);
            } while (inWedge(px, pz, x0, x1, slope));
            r = next(r);
            double py = yMax * unit(r);
            r = next(r);
            double ux = STREAM + THERMAL * gauss(r);
            r = next(r);
            double uy = THERMAL * gauss(r);
            r = next(r);
            double uz = THERMAL * gauss(r);
            x[p] = px;
            y[p] = py;
            z[p] = pz;
            vx[p] = ux;
            vy[p] = uy;
            vz[p] = uz;
            rng[p] = r;
            energy += ux * ux + uy * uy + uz * uz;
        }
        initialEnergy = energy / n;
    }

    /** Thread t's time steps. */
    private void work(int t) throws InterruptedException, BrokenBarrierException {
        int from = (int) ((long) n * t / threads), to = (int) ((long) n * (t + 1) / threads);
        int c0 = (int) ((long) cells * t / threads), c1 = (int) ((long) cells * (t + 1) / threads);
        for (int s = 0; s < steps; s++) {
            move(s, from, to);
            barrier.await();
            long collisions = collide(s, from, to);
            cellStatistics(t, s, c0, c1, collisions);
            barrier.await();
            if (t == 0) checkStep(s);
        }
    }

    /** Phase 1: particles [from, to) fly one time step and enter their cells. */
    private void move(int s, int from, int to) {
        // fields into locals: the tracer records each field read, the hot loop should read arrays only
        double[] x = this.x, y = this.y, z = this.z, vx = this.vx, vy = this.vy, vz = this.vz;
        long[] rng = this.rng, momX = this.momX, momY = this.momY, momZ = this.momZ, firstKey = this.firstKey, secondKey = this.secondKey;
        int[] cell = this.cell, count = this.count;
        ReentrantLock[] cellLocks = this.cellLocks;
        int zCells = this.zCells, reservoir = this.reservoir, base = (s & 1) * cells, yz = yCells * zCells;
        double xMax = xCells, yMax = yCells, zMax = zCells, x0 = this.x0, x1 = this.x1, slope = this.slope;
        long tunnel = 0, entered = 0, exited = 0, wall = 0, mx = 0, my = 0, mz = 0;
        for (int p = from; p < to; p++) {
            long r = rng[p];
            double ox = x[p], oy = y[p], oz = z[p];
            double ux = vx[p], uy = vy[p], uz = vz[p];
            double px = ox + ux, py = oy + uy, pz = oz + uz;
            if (py < 0 || py >= yMax) { // side walls: specular
                py = py < 0 ? -py : 2 * yMax - py;
                uy = -uy;
                wall++;
                if (!(py >= 0 && py < yMax)) py = Math.min(Math.max(py, 0), Math.nextDown(yMax));
            }
            if (pz < 0 || pz >= zMax) { // floor and ceiling
                pz = pz < 0 ? -pz : 2 * zMax - pz;
                uz = -uz;
                wall++;
                if (!(pz >= 0 && pz < zMax)) pz = Math.min(Math.max(pz, 0), Math.nextDown(zMax));
            }
            if (px >= xMax || px < -reservoir) { // out of an open end: back into the reservoir as free stream
                r = next(r);
                px = -reservoir * unit(r);
                if (px >= 0) px = -Double.MIN_VALUE; // -0.0 would count as in the tunnel
                r = next(r);
                py = yMax * unit(r);
                r = next(r);
                pz = zMax * unit(r);
                r = next(r);
                ux = STREAM + THERMAL * gauss(r);
                r = next(r);
                uy = THERMAL * gauss(r);
                r = next(r);
                uz = THERMAL * gauss(r);
                exited++;
            } else if (px > x0 && px < x1 && pz < slope * (px - x0)) { // into the wedge (inWedge, inline in the hot loop)
                if (ox >= x1) { // through the wedge's back face
                    px = 2 * x1 - px;
                    ux = -ux;
                } else { // off the slope z = S (x - X0), normal (-S, 0, 1)
                    double norm2 = 1 + slope * slope;
                    double f = 2 * (pz - slope * (px - x0)) / norm2;
                    px += f * slope;
                    pz -= f;
                    double vn = 2 * (uz - slope * ux) / norm2;
                    ux += vn * slope;
                    uz -= vn;
                }
                wall++;
                if (inWedge(px, pz, x0, x1, slope) || !(pz >= 0 && pz < zMax) || !(px >= -reservoir && px < xMax)) {
                    px = ox; // a corner: stay and turn back
                    py = oy;
                    pz = oz;
                    ux = -ux;
                    uy = -uy;
                    uz = -uz;
                }
            }
            if (px >= 0) {
                tunnel++;
                if (ox < 0) entered++;
            }
            int c = cellOf(px, py, pz, reservoir, yz, zCells);
            r ^= r << 13; // next(r), inline
            r ^= r >>> 7;
            r ^= r << 17;
            long key = (r & 0xFFFF_FFFF_0000_0000L) | p; // unique: the index breaks ties
            long qx = Math.round(ux * FIXED), qy = Math.round(uy * FIXED), qz = Math.round(uz * FIXED);
            x[p] = px;
            y[p] = py;
            z[p] = pz;
            vx[p] = ux;
            vy[p] = uy;
            vz[p] = uz;
            rng[p] = r;
            cell[p] = c;
            mx += qx;
            my += qy;
            mz += qz;
            int i = base + c;
            ReentrantLock lock = cellLocks[c];
            lock.lock();
            try {
                count[i]++;
                momX[i] += qx;
                momY[i] += qy;
                momZ[i] += qz;
                if (key < secondKey[i]) { // keep the two smallest keys: the pair that may collide
                    if (key < firstKey[i]) {
                        secondKey[i] = firstKey[i];
                        firstKey[i] = key;
                    } else {
                        secondKey[i] = key;
                    }
                }
            } finally {
                lock.unlock();
            }
        }
        global.lock();
        try {
            stepMoved[s] += to - from;
            stepTunnel[s] += tunnel;
            stepEntered[s] += entered;
            stepExited[s] += exited;
            stepWall[s] += wall;
            stepMom[3 * s] += mx;
            stepMom[3 * s + 1] += my;
            stepMom[3 * s + 2] += mz;
        } finally {
            global.unlock();
        }
    }

    /** Phase 2a: each particle of [from, to) holding its cell's second key collides with the first. */
    private long collide(int s, int from, int to) {
        long[] rng = this.rng, firstKey = this.firstKey, secondKey = this.secondKey;
        int[] cell = this.cell, count = this.count;
        int base = (s & 1) * cells;
        long collisions = 0;
        for (int p = from; p < to; p++) {
            int i = base + cell[p];
            if ((int) secondKey[i] != p) continue;
            int q = (int) firstKey[i];
            long r = next(rng[p]);
            if (unit(r) < Math.min(P_MAX, count[i] * P_PER_PARTICLE)) {
                double a, b, d;
                do { // a random direction (Marsaglia): a point in the unit disc, lifted to the sphere
                    r = next(r);
                    a = 2 * unit(r) - 1;
                    r = next(r);
                    b = 2 * unit(r) - 1;
                    d = a * a + b * b;
                } while (d >= 1 || d == 0);
                double lift = 2 * Math.sqrt(1 - d);
                ReentrantLock lock = cellLocks[i - base];
                lock.lock();
                try {
                    hardSphere(p, q, a * lift, b * lift, 1 - 2 * d);
                } finally {
                    lock.unlock();
                }
                collisions++;
            }
            rng[p] = r;
        }
        return collisions;
    }

    /**
     * p and q keep their centre-of-mass velocity and the length of their relative velocity, which
     * turns to (ex, ey, ez): momentum and energy are conserved, checked to rounding.
     */
    private void hardSphere(int p, int q, double ex, double ey, double ez) {
        double px = vx[p], py = vy[p], pz = vz[p], qx = vx[q], qy = vy[q], qz = vz[q];
        double cx = 0.5 * (px + qx), cy = 0.5 * (py + qy), cz = 0.5 * (pz + qz);
        double gx = px - qx, gy = py - qy, gz = pz - qz;
        double half = 0.5 * Math.sqrt(gx * gx + gy * gy + gz * gz);
        double npx = cx + half * ex, npy = cy + half * ey, npz = cz + half * ez;
        double nqx = cx - half * ex, nqy = cy - half * ey, nqz = cz - half * ez;
        double before = px * px + py * py + pz * pz + qx * qx + qy * qy + qz * qz;
        double after = npx * npx + npy * npy + npz * npz + nqx * nqx + nqy * nqy + nqz * nqz;
        double drift = Math.abs(npx + nqx - px - qx) + Math.abs(npy + nqy - py - qy) + Math.abs(npz + nqz - pz - qz);
        if (!(Math.abs(after - before) <= 1e-12 * (1 + before) && drift <= 1e-12 * (1 + before))) {
            throw new IllegalStateException(String.format(Locale.ROOT, "collision of particles %d and %d broke conservation: energy %.17g -> %.17g, momentum drift %.3g", p, q, before, after, drift));
        }
        vx[p] = npx;
        vy[p] = npy;
        vz[p] = npz;
        vx[q] = nqx;
        vy[q] = nqy;
        vz[q] = nqz;
    }

    /**
     * Phase 2b: cells [c0, c1) add this step to the cumulative statistics and clear the next step's
     * buffer; the step's totals and the thread's collisions go to the global counters.
     */
    private void cellStatistics(int t, int s, int c0, int c1, long collisions) {
        long[] momX = this.momX, momY = this.momY, momZ = this.momZ, firstKey = this.firstKey, secondKey = this.secondKey;
        long[] cellTotal = this.cellTotal, flowX = this.flowX;
        int[] count = this.count;
        int base = (s & 1) * cells, next = cells - base;
        long total = 0, mx = 0, my = 0, mz = 0;
        for (int c = c0; c < c1; c++) {
            int i = base + c, j = next + c, k = count[i];
            long fx = momX[i];
            total += k;
            mx += fx;
            my += momY[i];
            mz += momZ[i];
            cellTotal[c] += k;
            flowX[c] += fx;
            count[j] = 0;
            momX[j] = 0;
            momY[j] = 0;
            momZ[j] = 0;
            firstKey[j] = EMPTY;
            secondKey[j] = EMPTY;
        }
        if (t == 0 && s == lostAtStep) total -= lostUpdates;
        global.lock();
        try {
            stepCollisions[s] += collisions;
            stepCells[s] += total;
            stepCellMom[3 * s] += mx;
            stepCellMom[3 * s + 1] += my;
            stepCellMom[3 * s + 2] += mz;
        } finally {
            global.unlock();
        }
    }

    /** Thread 0 after step s: every particle moved once and is counted in exactly one cell. */
    private void checkStep(int s) {
        if (stepMoved[s] != n) throw new IllegalStateException("step " + s + ": " + stepMoved[s] + " particles moved, not " + n);
        if (stepCells[s] != stepMoved[s]) throw new IllegalStateException("step " + s + ": the cells count " + stepCells[s] + " particles but " + stepMoved[s] + " moved (a lost cell update)");
        for (int a = 0; a < 3; a++) {
            if (stepCellMom[3 * s + a] != stepMom[3 * s + a]) throw new IllegalStateException("step " + s + ": the cells' momentum sum on axis " + a + " is not the particles'");
        }
        if (stepTunnel[s] < 0 || stepTunnel[s] > n) throw new IllegalStateException("step " + s + ": " + stepTunnel[s] + " particles in the tunnel");
    }

    /** The whole run: conserved counts, every particle finite, in the space and in its cell, bounded energy. */
    void validate() {
        long expected = (long) n * steps, total = 0;
        for (int s = 0; s < steps; s++) checkStep(s);
        for (int c = 0; c < cells; c++) total += cellTotal[c];
        if (total != expected) throw new IllegalStateException("the cells counted " + total + " particle-steps, not " + expected);
        double[] x = this.x, y = this.y, z = this.z, vx = this.vx, vy = this.vy, vz = this.vz;
        int[] cell = this.cell;
        int zCells = this.zCells, reservoir = this.reservoir, yz = yCells * zCells;
        double xMax = xCells, yMax = yCells, zMax = zCells, x0 = this.x0, x1 = this.x1, slope = this.slope;
        long tunnel = 0;
        double energy = 0, px = 0, py = 0, pz = 0;
        for (int p = 0; p < n; p++) {
            double a = x[p], b = y[p], c = z[p], u = vx[p], v = vy[p], w = vz[p];
            if ((a - a) + (b - b) + (c - c) + (u - u) + (v - v) + (w - w) != 0) { // d - d is NaN unless d is finite
                throw new IllegalStateException("particle " + p + " is not finite");
            }
            if (!(a >= -reservoir && a < xMax && b >= 0 && b < yMax && c >= 0 && c < zMax) || inWedge(a, c, x0, x1, slope)) {
                throw new IllegalStateException(String.format(Locale.ROOT, "particle %d at (%.6g, %.6g, %.6g) is outside the tunnel and reservoir", p, a, b, c));
            }
            if (cell[p] != cellOf(a, b, c, reservoir, yz, zCells)) throw new IllegalStateException("particle " + p + " is not in its cell " + cell[p]);
            if (a >= 0) tunnel++;
            energy += u * u + v * v + w * w;
            px += u;
            py += v;
            pz += w;
        }
        if (tunnel != stepTunnel[steps - 1]) throw new IllegalStateException(tunnel + " particles in the tunnel, but the last step counted " + stepTunnel[steps - 1]);
        energy /= n;
        if (!(energy >= initialEnergy / 4 && energy <= 4 * initialEnergy)) {
            throw new IllegalStateException(String.format(Locale.ROOT, "mean energy %.6g is far from the initial %.6g", energy, initialEnergy));
        }
        px /= n;
        py /= n;
        pz /= n;
        if (!(Math.abs(px) < 2 * STREAM && Math.abs(py) < 2 * STREAM && Math.abs(pz) < 2 * STREAM)) {
            throw new IllegalStateException(String.format(Locale.ROOT, "mean velocity (%.6g, %.6g, %.6g) is out of bounds", px, py, pz));
        }
    }

    /** The result line: the same for every thread count (integer sums and per-particle histories). */
    String line() {
        long collisions = 0, entered = 0, exited = 0, wall = 0;
        for (int s = 0; s < steps; s++) {
            collisions += stepCollisions[s];
            entered += stepEntered[s];
            exited += stepExited[s];
            wall += stepWall[s];
        }
        double[] x = this.x, y = this.y, z = this.z, vx = this.vx, vy = this.vy, vz = this.vz;
        long[] cellTotal = this.cellTotal, flowX = this.flowX;
        long h = SEED; // a multiply-xorshift hash of every bit of the final state, in index order
        for (int p = 0; p < n; p++) {
            h = (h ^ Double.doubleToLongBits(x[p])) * 0x9e37_79b9_7f4a_7c15L;
            h = (h ^ Double.doubleToLongBits(y[p])) * 0x9e37_79b9_7f4a_7c15L;
            h = (h ^ Double.doubleToLongBits(z[p])) * 0x9e37_79b9_7f4a_7c15L;
            h = (h ^ Double.doubleToLongBits(vx[p])) * 0x9e37_79b9_7f4a_7c15L;
            h = (h ^ Double.doubleToLongBits(vy[p])) * 0x9e37_79b9_7f4a_7c15L;
            h = (h ^ Double.doubleToLongBits(vz[p])) * 0x9e37_79b9_7f4a_7c15L;
            h ^= h >>> 29;
        }
        for (int c = 0; c < cells; c++) {
            h = (h ^ cellTotal[c]) * 0x9e37_79b9_7f4a_7c15L;
            h = (h ^ flowX[c]) * 0x9e37_79b9_7f4a_7c15L;
            h ^= h >>> 29;
        }
        h = mix(h);
        return String.format(Locale.ROOT, "mp3d particles=%d steps=%d cells=%d grid=%dx%dx%d in-tunnel=%d entered=%d exited=%d reflections=%d collisions=%d checksum=%016x",
                n, steps, cells, reservoir + xCells, yCells, zCells, stepTunnel[steps - 1], entered, exited, wall, collisions, h);
    }

    /** The cell of a point in the space: floor, since x is negative in the reservoir. */
    private static int cellOf(double px, double py, double pz, int reservoir, int yz, int zCells) {
        return ((int) Math.floor(px) + reservoir) * yz + (int) py * zCells + (int) pz;
    }

    /** Inside the wedge: between x0 and x1, below the slope z = slope (x - x0). */
    private static boolean inWedge(double px, double pz, double x0, double x1, double slope) {
        return px > x0 && px < x1 && pz < slope * (px - x0);
    }

    /** xorshift64: one particle's generator step (never 0 from a non-zero state). */
    private static long next(long r) {
        r ^= r << 13;
        r ^= r >>> 7;
        return r ^ (r << 17);
    }

    /** [0, 1) from the high 53 bits. */
    private static double unit(long r) {
        return (r >>> 11) * 0x1.0p-53;
    }

    /** About normal, standard deviation 1: a sum of three uniforms from r's three 21-bit parts. */
    private static double gauss(long r) {
        double a = (r >>> 43) * 0x1.0p-21, b = ((r >>> 22) & 0x1F_FFFF) * 0x1.0p-21, c = ((r >>> 1) & 0x1F_FFFF) * 0x1.0p-21;
        return 2 * (a + b + c - 1.5);
    }

    /** SplitMix64's finaliser: seeds and the checksum. */
    private static long mix(long h) {
        h = (h ^ (h >>> 30)) * 0xbf58_476d_1ce4_e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d0_49bb_1331_11ebL;
        h ^= h >>> 31;
        return h == 0 ? 1 : h;
    }
}
