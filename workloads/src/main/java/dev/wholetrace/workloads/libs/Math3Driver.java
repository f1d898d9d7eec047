package dev.wholetrace.workloads.libs;

import dev.wholetrace.workloads.Size;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import org.apache.commons.math3.complex.Complex;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.inference.TTest;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.apache.commons.math3.transform.DftNormalization;
import org.apache.commons.math3.transform.FastFourierTransformer;
import org.apache.commons.math3.transform.TransformType;

/**
 * commons-math3 under the agent: matrix decompositions, an FFT, descriptive and inferential
 * statistics, and two threads drawing from seeded distributions. Prints rounded results and exits
 * with code 5. Optional arguments: size (default 1), the number of rounds; rounds after the first
 * use a shifted matrix diagonal and other seeds, and print one CRC of their results instead; then
 * the number of sampling threads (default 2; the t-test and correlation compare the first and the
 * last thread's samples, the same sample when there is one).
 */
public final class Math3Driver {
    static String f(double d) {
        return String.format(Locale.ROOT, "%.6f", d);
    }

    static String f(double[] ds) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < ds.length; i++) b.append(i == 0 ? "" : " ").append(f(ds[i]));
        return b.append(']').toString();
    }

    public static void main(String[] args) throws Exception {
        int size = Size.of(args);
        int threads = Size.threads(args, 2);
        round(0, threads, System.out::println);
        CRC32 crc = new CRC32();
        for (int r = 1; r < size; r++) round(r, threads, line -> crc.update(line.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        if (size > 1) System.out.println("rounds " + size + " crc " + Long.toHexString(crc.getValue()));
        System.exit(5);
    }

    /** One round with the given number of sampling threads; round 0 is the original program. Each result line goes to out. */
    static void round(int r, int threads, Consumer<String> out) throws InterruptedException {
        int n = 8;
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) a[i][j] = 1.0 / (i + j + 1) + (i == j ? n + r : 0);
        }
        RealMatrix m = new Array2DRowRealMatrix(a);
        RealVector b = new ArrayRealVector(n);
        for (int i = 0; i < n; i++) b.setEntry(i, i + 1);
        LUDecomposition lu = new LUDecomposition(m);
        out.accept("lu det " + f(lu.getDeterminant()) + " x " + f(lu.getSolver().solve(b).toArray()));
        out.accept("qr x " + f(new QRDecomposition(m).getSolver().solve(b).toArray()));
        out.accept("cholesky det " + f(new CholeskyDecomposition(m).getDeterminant()));
        double[] eig = new EigenDecomposition(m).getRealEigenvalues().clone();
        Arrays.sort(eig);
        out.accept("eigen " + f(eig));
        SingularValueDecomposition svd = new SingularValueDecomposition(m.multiply(m.transpose()).getSubMatrix(0, n - 1, 0, n / 2));
        out.accept("svd " + f(svd.getSingularValues()) + " rank " + svd.getRank() + " cond " + f(svd.getConditionNumber()));
        out.accept("inverse trace " + f(lu.getSolver().getInverse().getTrace()));

        double[] signal = new double[256];
        for (int i = 0; i < signal.length; i++) {
            signal[i] = Math.sin(2 * Math.PI * 5 * i / signal.length) + 0.5 * Math.cos(2 * Math.PI * 17 * i / signal.length);
        }
        Complex[] spectrum = new FastFourierTransformer(DftNormalization.STANDARD).transform(signal, TransformType.FORWARD);
        List<String> peaks = new ArrayList<>();
        for (int k = 0; k < spectrum.length / 2; k++) {
            if (spectrum[k].abs() > 1) peaks.add(k + ":" + f(spectrum[k].abs()));
        }
        out.accept("fft peaks " + peaks);
        Complex[] back = new FastFourierTransformer(DftNormalization.STANDARD).transform(spectrum, TransformType.INVERSE);
        double err = 0;
        for (int i = 0; i < signal.length; i++) err = Math.max(err, Math.abs(back[i].getReal() - signal[i]));
        out.accept("fft roundtrip " + (err < 1e-9));

        // Each thread draws a seeded sample; results are printed in thread order after join.
        double[][] samples = new double[threads][];
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            ts[t] = new Thread(() -> {
                NormalDistribution normal = new NormalDistribution(new Well19937c(1234 + id + 2 * r), 10 + id, 2, 1e-9);
                samples[id] = normal.sample(2000);
            }, "math-" + t);
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        for (int t = 0; t < threads; t++) {
            DescriptiveStatistics d = new DescriptiveStatistics(samples[t]);
            SummaryStatistics s = new SummaryStatistics();
            for (double x : samples[t]) s.addValue(x);
            out.accept("sample " + t + " mean " + f(d.getMean()) + " sd " + f(d.getStandardDeviation()) + " median "
                    + f(d.getPercentile(50)) + " skew " + f(d.getSkewness()) + " kurt " + f(d.getKurtosis())
                    + " summary " + f(s.getMean()) + " " + f(s.getMax()));
        }
        double[] last = samples[threads - 1];
        out.accept("ttest p " + f(new TTest().tTest(samples[0], last)));
        out.accept("pearson " + f(new PearsonsCorrelation().correlation(samples[0], last)));
        SimpleRegression reg = new SimpleRegression();
        for (int i = 0; i < 500; i++) reg.addData(i, 3 * i + samples[0][i]);
        out.accept("regression slope " + f(reg.getSlope()) + " intercept " + f(reg.getIntercept()) + " r2 " + f(reg.getRSquare()));
    }
}
