package dev.wholetrace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * The 1–64 processor chart of docs/results/prediction.md: predicted speedup per kernel with its 95 %
 * interval (from {@code simulate --runs}), from the rows bench/prediction-curves.py writes
 * ({@code kernel processors seconds halfWidth95}). The speedup's interval is the first point's mean
 * over this point's mean ± half-width.
 *
 * <pre>java -cp bench/target/wholetrace-bench.jar dev.wholetrace.bench.PredictionCurves CURVES.tsv OUT.png</pre>
 */
public final class PredictionCurves {
    private PredictionCurves() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: PredictionCurves CURVES.tsv OUT.png");
            System.exit(2);
        }
        Map<String, List<double[]>> byKernel = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (line.isBlank()) continue;
            String[] f = line.split("\t");
            byKernel.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3])});
        }
        XYChart c = new XYChartBuilder().width(1000).height(650).title("Predicted speedup (64 threads, wholetrace simulate, 95 % interval of 3 runs)")
                .xAxisTitle("processors").yAxisTitle("speedup over 1 processor").build();
        c.getStyler().setXAxisLogarithmic(true);
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Map.Entry<String, List<double[]>> e : byKernel.entrySet()) {
            List<double[]> pts = e.getValue();
            double t1 = pts.get(0)[1];
            double[] x = new double[pts.size()], y = new double[pts.size()], err = new double[pts.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = pts.get(i)[0];
                y[i] = t1 / pts.get(i)[1];
                double lo = t1 / (pts.get(i)[1] + pts.get(i)[2]), hi = pts.get(i)[1] > pts.get(i)[2] ? t1 / (pts.get(i)[1] - pts.get(i)[2]) : y[i];
                err[i] = Math.max(y[i] - lo, hi - y[i]);
            }
            XYSeries s = c.addSeries(e.getKey(), x, y, err);
            s.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.CIRCLE);
        }
        double[] ideal = {1, 2, 4, 8, 16, 32, 64};
        c.addSeries("ideal", ideal, ideal).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
        BitmapEncoder.saveBitmap(c, args[1], BitmapEncoder.BitmapFormat.PNG);
    }
}
