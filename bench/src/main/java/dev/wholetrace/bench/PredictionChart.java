package dev.wholetrace.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The chart of docs/results/prediction.md: measured against predicted steady-state seconds per
 * kernel and thread count, one core and two. Run by bench/prediction.sh on the rows
 * bench/prediction-report.py writes ({@code kernel threads cpu1 pred1 wall2 pred2 cpu2 predcpu2}).
 *
 * <pre>java -cp bench/target/wholetrace-bench.jar dev.wholetrace.bench.PredictionChart ROWS.tsv OUT.png</pre>
 */
public final class PredictionChart {
    private PredictionChart() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: PredictionChart ROWS.tsv OUT.png");
            System.exit(2);
        }
        List<String> names = new ArrayList<>();
        List<Number> cpu1 = new ArrayList<>(), pred1 = new ArrayList<>(), cpu2 = new ArrayList<>(), predCpu2 = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (line.isBlank()) continue;
            String[] f = line.split("\t");
            names.add(f[0] + " " + f[1] + "t");
            cpu1.add(Double.parseDouble(f[2]));
            pred1.add(Double.parseDouble(f[3]));
            cpu2.add(Double.parseDouble(f[6]));
            predCpu2.add(Double.parseDouble(f[7]));
        }
        CategoryChart c = new CategoryChartBuilder().width(1400).height(600)
                .title("Steady-state seconds: measured (CPU time) and predicted (wholetrace simulate)")
                .xAxisTitle("kernel, threads").yAxisTitle("seconds").build();
        c.addSeries("1 core: measured CPU", names, cpu1);
        c.addSeries("1 core: predicted", names, pred1);
        c.addSeries("2 cores: measured CPU", names, cpu2);
        c.addSeries("2 cores: predicted processor time", names, predCpu2);
        Charts.style(c, 0);
        c.getStyler().setYAxisLogarithmic(false); // seconds of the same order: a linear axis from 0 shows the errors as they are
        Charts.save(c, Path.of(args[1]));
    }
}
