package dev.wholetrace.workloads.kernels;

import java.util.Locale;
import java.util.Random;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.ReentrantLock;

/**
 * SPLASH Water, the n-squared version: molecular dynamics of water molecules in a periodic box.
 * The molecules are split among the threads in contiguous ranges (SPLASH's StartMol); every time
 * step is the original's sequence of phases:
 *
 * <ol>
 *   <li>predict (own molecules), barrier;
 *   <li>intra-molecular forces (own molecules, no locks), barrier;
 *   <li>inter-molecular forces: each thread takes its molecules against the following half of the
 *       molecules (the n-squared half shell, so every pair once), accumulating into a private force
 *       buffer, then adds the buffer into the shared force arrays of every molecule it touched, each
 *       under that molecule's lock (SPLASH's {@code ALOCK(gl->MolLock, mol)}), barrier;
 *   <li>correct and keep molecules in the box (own molecules), the kinetic and potential energies
 *       added to global sums under one global lock, barrier.
 * </ol>
 *
 * <p>The physics is a simplified flexible SPC water rather than SPLASH's MCY potential: harmonic
 * O–H and H–H springs inside a molecule; between molecules, Lennard-Jones between the oxygens and
 * Coulomb between all nine pairs of charged sites, the whole molecule pair switched smoothly to
 * zero between 0.75 and 1 cut-off by the oxygen–oxygen distance (so the energy is continuous and
 * is conserved, and the minimum image taken by the oxygens never jumps inside the cut-off).
 * Integration is velocity Verlet: predict is the first half kick and the drift, correct the
 * second half kick. Units: Å, ps, atomic mass units; energies print in kJ/mol.
 *
 * <p>The forces of a molecule are summed under its lock in whatever order the threads arrive, and
 * how the pairs are split into private buffers depends on the thread count, so the trajectories
 * differ in the last bits between runs; the printed energy and drift are rounded well above that.
 * Size: molecules (at liquid density, 0.0334 per Å³); steps: time steps of 0.25 fs.
 */
public final class Water implements Kernel {
    /**
     * The time step in ps: about 1/40 of the O–H vibration period (10 fs). Velocity Verlet then keeps
     * the total energy within about 0.15 % of the kinetic energy (0.5 fs: 0.5 %, 1 fs: 2 %).
     */
    static final double TIME_STEP = 0.00025;
    /** Largest |E(t) - E(0)| allowed, as a fraction of the initial kinetic energy. */
    static final double MAX_DRIFT = 1e-2;

    /** One energy unit (amu Å² / ps²) in kJ/mol. */
    private static final double KJ_PER_MOL = 0.01;
    /** e² / (4 π ε0) in energy units × Å. */
    private static final double COULOMB = 138_935.458;
    /** Atoms of a molecule: oxygen, then the two hydrogens. */
    private static final double[] MASS = {15.9994, 1.008, 1.008};
    private static final double[] CHARGE = {-0.82, 0.41, 0.41};
    /** SPC oxygen–oxygen Lennard-Jones: σ in Å, ε = 0.650 kJ/mol. */
    private static final double SIGMA = 3.166, EPSILON = 65.0;
    /** Flexible SPC bond: 3450 kJ/mol/Å²; the H–H spring stands in for the 109.47° angle term. */
    private static final double K_OH = 345_000, R_OH = 1.0;
    private static final double K_HH = 114_700, R_HH = 2 * R_OH * Math.sin(Math.toRadians(109.47) / 2);
    /** kT at 300 K, for the initial velocities. */
    private static final double KT = 249.4338;
    /** Molecules per Å³ in liquid water. */
    private static final double DENSITY = 0.0334;
    /** The cut-off never exceeds this, whatever the box (Å). */
    private static final double MAX_CUTOFF = 9.0;
    private static final long SEED = 1994;

    private final double dt;
    /** Tests: the worker that throws before its first phase (-1: none). */
    private final int failingWorker;

    private int n;
    private double box, cut, cutOn;
    /** Per atom and dimension: index molecule * 9 + atom * 3 + dimension. */
    private double[] pos, vel, force;
    /** Each thread's private inter-molecular force buffer, laid out like {@link #force}. */
    private double[][] privateForce;
    private ReentrantLock[] molLock;
    private final ReentrantLock sumLock = new ReentrantLock();
    /** Global sums per step (0 = the initial state), under {@link #sumLock}. */
    private double[] kinetic, potential;
    private CyclicBarrier barrier;

    public Water() {
        this(TIME_STEP, -1);
    }

    /** Tests: another time step (ps), and a worker that fails at once. */
    Water(double dt, int failingWorker) {
        this.dt = dt;
        this.failingWorker = failingWorker;
    }

    @Override
    public String run(int threads, int size, int steps) throws InterruptedException {
        if (threads < 1 || size < Kernels.WATER.minSize || steps < 1) {
            throw new IllegalArgumentException("water needs threads >= 1, molecules >= " + Kernels.WATER.minSize + ", steps >= 1, not " + threads + ", " + size + ", " + steps);
        }
        setUp(size, steps);
        this.privateForce = new double[threads][9 * n];
        this.barrier = new CyclicBarrier(threads);
        Workers.run("water", threads, id -> work(id, threads, steps));
        return validate(steps);
    }

    /**
     * Molecules on a cubic lattice at liquid density, randomly oriented, with 300 K velocities. A
     * size that is not a cube leaves the lattice's last sites empty: the molecules start denser
     * than the liquid, and the run begins by spreading out.
     */
    private void setUp(int size, int steps) {
        n = size;
        box = Math.cbrt(n / DENSITY);
        cut = Math.min(0.5 * box, MAX_CUTOFF); // beyond half a box the nearest image is ambiguous
        cutOn = 0.75 * cut;
        pos = new double[9 * n];
        vel = new double[9 * n];
        force = new double[9 * n];
        molLock = new ReentrantLock[n];
        for (int m = 0; m < n; m++) molLock[m] = new ReentrantLock();
        kinetic = new double[steps + 1];
        potential = new double[steps + 1];

        int side = 1;
        while (side * side * side < n) side++;
        double spacing = box / side;
        double half = Math.toRadians(109.47) / 2;
        Random random = new Random(SEED);
        double[] u = new double[3], w = new double[3];
        for (int m = 0; m < n; m++) {
            int b = 9 * m;
            pos[b] = (m % side + 0.5) * spacing;
            pos[b + 1] = (m / side % side + 0.5) * spacing;
            pos[b + 2] = (m / (side * side) + 0.5) * spacing;
            // u: the bisector; w: perpendicular to it, in the molecule's plane
            unit(random, u);
            do {
                unit(random, w);
                double dot = u[0] * w[0] + u[1] * w[1] + u[2] * w[2];
                for (int d = 0; d < 3; d++) w[d] -= dot * u[d];
            } while (w[0] * w[0] + w[1] * w[1] + w[2] * w[2] < 1e-2);
            double norm = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
            for (int d = 0; d < 3; d++) {
                double along = R_OH * Math.cos(half) * u[d], across = R_OH * Math.sin(half) * w[d] / norm;
                pos[b + 3 + d] = pos[b + d] + along + across;
                pos[b + 6 + d] = pos[b + d] + along - across;
            }
        }
        double[] momentum = new double[3];
        double total = 0;
        for (int i = 0; i < 9 * n; i++) {
            double mass = MASS[i / 3 % 3];
            vel[i] = random.nextGaussian() * Math.sqrt(KT / mass);
            momentum[i % 3] += mass * vel[i];
            if (i % 3 == 0) total += mass;
        }
        for (int i = 0; i < 9 * n; i++) vel[i] -= momentum[i % 3] / total; // no drift of the whole box
    }

    private static void unit(Random random, double[] v) {
        double norm;
        do {
            for (int d = 0; d < 3; d++) v[d] = 2 * random.nextDouble() - 1;
            norm = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        } while (norm > 1 || norm < 1e-3);
        for (int d = 0; d < 3; d++) v[d] /= norm;
    }

    /** Thread {@code t}: the initial forces, then {@code steps} time steps, SPLASH's phases. */
    private void work(int t, int threads, int steps) throws InterruptedException, BrokenBarrierException {
        int from = n * t / threads, to = n * (t + 1) / threads;
        if (t == failingWorker) throw new IllegalStateException("worker " + t + " failed on purpose");
        double pe = intra(from, to);
        barrier.await();
        pe += inter(t, from, to);
        barrier.await();
        addSums(0, kineticEnergy(from, to), pe);
        for (int s = 1; s <= steps; s++) {
            predict(from, to);
            barrier.await();
            pe = intra(from, to);
            barrier.await();
            pe += inter(t, from, to);
            barrier.await();
            double ke = correct(from, to, s);
            addSums(s, ke, pe);
            barrier.await();
        }
    }

    /** First half kick and the drift of molecules [from, to); clears their forces for this step. */
    private void predict(int from, int to) {
        for (int i = 9 * from; i < 9 * to; i++) {
            double v = vel[i] + 0.5 * dt * force[i] / MASS[i / 3 % 3];
            vel[i] = v;
            pos[i] += dt * v;
            force[i] = 0;
        }
    }

    /** Springs inside molecules [from, to): only this thread writes their forces in this phase. */
    private double intra(int from, int to) {
        double pe = 0;
        for (int m = from; m < to; m++) {
            int o = 9 * m;
            pe += spring(o, o + 3, K_OH, R_OH) + spring(o, o + 6, K_OH, R_OH) + spring(o + 3, o + 6, K_HH, R_HH);
        }
        return pe;
    }

    private double spring(int i, int j, double k, double rest) {
        double dx = pos[i] - pos[j], dy = pos[i + 1] - pos[j + 1], dz = pos[i + 2] - pos[j + 2];
        double r = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double stretch = r - rest;
        double g = -k * stretch / r; // force on i per unit of (i - j)
        force[i] += g * dx;
        force[i + 1] += g * dy;
        force[i + 2] += g * dz;
        force[j] -= g * dx;
        force[j + 1] -= g * dy;
        force[j + 2] -= g * dz;
        return 0.5 * k * stretch * stretch;
    }

    /**
     * The last partner (not yet modulo n) of molecule {@code m} in the half shell. With an even
     * count, the pair half a box round is taken by only one of its two molecules, alternating by
     * parity as SPLASH's INTERF does so that every molecule has about the same work.
     */
    private int lastPartner(int m) {
        int half = n / 2, last = m + half;
        if (n % 2 == 0) {
            if (m >= half && m % 2 == 0) last--;
            if (m < half && last % 2 == 1) last--;
        }
        return last;
    }

    /** Molecules from, from + 1, ... (mod n) that the half shell of [from, to) touches. */
    private int touched(int from, int to) {
        return from == to ? 0 : Math.min(n, lastPartner(to - 1) - from + 1); // lastPartner never decreases
    }

    /** The half shell of molecules [from, to) into the private buffer, then into the shared forces. */
    private double inter(int t, int from, int to) {
        double[] mine = privateForce[t];
        int count = touched(from, to);
        for (int k = 0; k < count; k++) {
            int o = 9 * ((from + k) % n);
            for (int i = o; i < o + 9; i++) mine[i] = 0;
        }
        double pe = 0;
        for (int m = from; m < to; m++) {
            int last = lastPartner(m);
            for (int c = m + 1; c <= last; c++) pe += pair(mine, m, c % n);
        }
        for (int k = 0; k < count; k++) {
            int mol = (from + k) % n, o = 9 * mol;
            molLock[mol].lock();
            try {
                for (int i = o; i < o + 9; i++) force[i] += mine[i];
            } finally {
                molLock[mol].unlock();
            }
        }
        return pe;
    }

    /** Molecules i and j: their forces into {@code f}, their potential energy returned. */
    private double pair(double[] f, int i, int j) {
        int oi = 9 * i, oj = 9 * j;
        // the nearest image by the oxygens, applied to the whole molecule
        double sx = -box * Math.rint((pos[oi] - pos[oj]) / box);
        double sy = -box * Math.rint((pos[oi + 1] - pos[oj + 1]) / box);
        double sz = -box * Math.rint((pos[oi + 2] - pos[oj + 2]) / box);
        double dx = pos[oi] - pos[oj] + sx, dy = pos[oi + 1] - pos[oj + 1] + sy, dz = pos[oi + 2] - pos[oj + 2] + sz;
        double r2 = dx * dx + dy * dy + dz * dz;
        if (r2 >= cut * cut) return 0;
        double r = Math.sqrt(r2);
        double s = 1, ds = 0; // the switch S(r) and dS/dr: C2-smooth from 1 at cutOn to 0 at cut
        if (r > cutOn) {
            double width = cut - cutOn, x = (r - cutOn) / width;
            s = 1 - x * x * x * (10 - 15 * x + 6 * x * x);
            ds = -30 * x * x * (1 - x) * (1 - x) / width;
        }
        double sr2 = SIGMA * SIGMA / r2, sr6 = sr2 * sr2 * sr2;
        double u = 4 * EPSILON * (sr6 * sr6 - sr6);
        double g = s * 24 * EPSILON * (2 * sr6 * sr6 - sr6) / r2;
        add(f, oi, oj, g, dx, dy, dz);
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                int ia = oi + 3 * a, jb = oj + 3 * b;
                double ex = pos[ia] - pos[jb] + sx, ey = pos[ia + 1] - pos[jb + 1] + sy, ez = pos[ia + 2] - pos[jb + 2] + sz;
                double e2 = ex * ex + ey * ey + ez * ez, e = Math.sqrt(e2);
                double qq = COULOMB * CHARGE[a] * CHARGE[b];
                u += qq / e;
                add(f, ia, jb, s * qq / (e2 * e), ex, ey, ez);
            }
        }
        add(f, oi, oj, -u * ds / r, dx, dy, dz); // -U dS/dr along the oxygens' line
        return s * u;
    }

    /** Force g·(dx, dy, dz) on atom index i, the opposite on j. */
    private static void add(double[] f, int i, int j, double g, double dx, double dy, double dz) {
        f[i] += g * dx;
        f[i + 1] += g * dy;
        f[i + 2] += g * dz;
        f[j] -= g * dx;
        f[j + 1] -= g * dy;
        f[j + 2] -= g * dz;
    }

    /**
     * Second half kick of molecules [from, to), then SPLASH's BNDRY: a molecule whose oxygen left
     * the box moves back by a box length, whole. Returns their kinetic energy.
     */
    private double correct(int from, int to, int step) {
        double ke = 0;
        for (int m = from; m < to; m++) {
            int o = 9 * m;
            double mine = 0;
            for (int i = o; i < o + 9; i++) {
                double mass = MASS[i / 3 % 3];
                double v = vel[i] + 0.5 * dt * force[i] / mass;
                vel[i] = v;
                mine += 0.5 * mass * v * v;
            }
            for (int d = 0; d < 3; d++) {
                double shift = box * Math.floor(pos[o + d] / box);
                if (shift != 0) {
                    pos[o + d] -= shift;
                    pos[o + 3 + d] -= shift;
                    pos[o + 6 + d] -= shift;
                }
            }
            if (!Double.isFinite(mine) || !Double.isFinite(pos[o]) || !Double.isFinite(pos[o + 1]) || !Double.isFinite(pos[o + 2])) {
                throw new IllegalStateException("molecule " + m + " is no longer finite at step " + step + " (time step " + dt + " ps too large?)");
            }
            ke += mine;
        }
        return ke;
    }

    private double kineticEnergy(int from, int to) {
        double ke = 0;
        for (int i = 9 * from; i < 9 * to; i++) ke += 0.5 * MASS[i / 3 % 3] * vel[i] * vel[i];
        return ke;
    }

    private void addSums(int step, double ke, double pe) {
        sumLock.lock();
        try {
            kinetic[step] += ke;
            potential[step] += pe;
        } finally {
            sumLock.unlock();
        }
    }

    /** Energy conserved, momentum still zero, nothing NaN: the result line. */
    private String validate(int steps) {
        double e0 = kinetic[0] + potential[0], drift = 0;
        for (int s = 0; s <= steps; s++) {
            double e = kinetic[s] + potential[s];
            if (!Double.isFinite(e)) throw new IllegalStateException("water: energy at step " + s + " is " + e);
            drift = Math.max(drift, Math.abs(e - e0) / kinetic[0]);
        }
        if (!(drift <= MAX_DRIFT)) {
            throw new IllegalStateException(String.format(Locale.ROOT, "water: total energy drifted by %.3e of the kinetic energy (at most %.1e; time step %s ps too large?)", drift, MAX_DRIFT, dt));
        }
        double[] momentum = new double[3];
        double scale = 0;
        for (int i = 0; i < 9 * n; i++) {
            double p = MASS[i / 3 % 3] * vel[i];
            momentum[i % 3] += p;
            scale += Math.abs(p);
        }
        double net = Math.sqrt(momentum[0] * momentum[0] + momentum[1] * momentum[1] + momentum[2] * momentum[2]);
        if (!(net <= 1e-9 * scale)) throw new IllegalStateException("water: net momentum " + net + " (of " + scale + ") is not conserved");
        double energy = (kinetic[steps] + potential[steps]) * KJ_PER_MOL;
        return String.format(Locale.ROOT, "water molecules=%d steps=%d energy=%.6e drift=%.1e", n, steps, energy, drift);
    }
}
