package wtdemo.libs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
 * with code 5.
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
        int n = 8;
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) a[i][j] = 1.0 / (i + j + 1) + (i == j ? n : 0);
        }
        RealMatrix m = new Array2DRowRealMatrix(a);
        RealVector b = new ArrayRealVector(n);
        for (int i = 0; i < n; i++) b.setEntry(i, i + 1);
        LUDecomposition lu = new LUDecomposition(m);
        System.out.println("lu det " + f(lu.getDeterminant()) + " x " + f(lu.getSolver().solve(b).toArray()));
        System.out.println("qr x " + f(new QRDecomposition(m).getSolver().solve(b).toArray()));
        System.out.println("cholesky det " + f(new CholeskyDecomposition(m).getDeterminant()));
        double[] eig = new EigenDecomposition(m).getRealEigenvalues().clone();
        Arrays.sort(eig);
        System.out.println("eigen " + f(eig));
        SingularValueDecomposition svd = new SingularValueDecomposition(m.multiply(m.transpose()).getSubMatrix(0, n - 1, 0, n / 2));
        System.out.println("svd " + f(svd.getSingularValues()) + " rank " + svd.getRank() + " cond " + f(svd.getConditionNumber()));
        System.out.println("inverse trace " + f(lu.getSolver().getInverse().getTrace()));

        double[] signal = new double[256];
        for (int i = 0; i < signal.length; i++) {
            signal[i] = Math.sin(2 * Math.PI * 5 * i / signal.length) + 0.5 * Math.cos(2 * Math.PI * 17 * i / signal.length);
        }
        Complex[] spectrum = new FastFourierTransformer(DftNormalization.STANDARD).transform(signal, TransformType.FORWARD);
        List<String> peaks = new ArrayList<>();
        for (int k = 0; k < spectrum.length / 2; k++) {
            if (spectrum[k].abs() > 1) peaks.add(k + ":" + f(spectrum[k].abs()));
        }
        System.out.println("fft peaks " + peaks);
        Complex[] back = new FastFourierTransformer(DftNormalization.STANDARD).transform(spectrum, TransformType.INVERSE);
        double err = 0;
        for (int i = 0; i < signal.length; i++) err = Math.max(err, Math.abs(back[i].getReal() - signal[i]));
        System.out.println("fft roundtrip " + (err < 1e-9));

        // Two threads each draw a seeded sample; results are printed in thread order after join.
        double[][] samples = new double[2][];
        Thread[] ts = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int id = t;
            ts[t] = new Thread(() -> {
                NormalDistribution normal = new NormalDistribution(new Well19937c(1234 + id), 10 + id, 2, 1e-9);
                samples[id] = normal.sample(2000);
            }, "math-" + t);
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        for (int t = 0; t < 2; t++) {
            DescriptiveStatistics d = new DescriptiveStatistics(samples[t]);
            SummaryStatistics s = new SummaryStatistics();
            for (double x : samples[t]) s.addValue(x);
            System.out.println("sample " + t + " mean " + f(d.getMean()) + " sd " + f(d.getStandardDeviation()) + " median "
                    + f(d.getPercentile(50)) + " skew " + f(d.getSkewness()) + " kurt " + f(d.getKurtosis())
                    + " summary " + f(s.getMean()) + " " + f(s.getMax()));
        }
        System.out.println("ttest p " + f(new TTest().tTest(samples[0], samples[1])));
        System.out.println("pearson " + f(new PearsonsCorrelation().correlation(samples[0], samples[1])));
        SimpleRegression reg = new SimpleRegression();
        for (int i = 0; i < 500; i++) reg.addData(i, 3 * i + samples[0][i]);
        System.out.println("regression slope " + f(reg.getSlope()) + " intercept " + f(reg.getIntercept()) + " r2 " + f(reg.getRSquare()));
        System.exit(5);
    }
}
