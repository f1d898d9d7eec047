package dev.wholetrace.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.Styler;

/** What every benchmark report's bar charts and tables share: log-scale styling, PNG output, numbers. */
public final class Charts {
    private Charts() {}

    /** The power of ten just below the smallest value: bars on a log axis need a positive floor. */
    public static double floorPow10(Iterable<List<Number>> values) {
        double min = Double.POSITIVE_INFINITY;
        for (List<Number> l : values) for (Number n : l) if (n.doubleValue() > 0) min = Math.min(min, n.doubleValue());
        return Double.isInfinite(min) ? 1 : Math.pow(10, Math.floor(Math.log10(min)));
    }

    /** A log y axis from {@code yMin}, the legend outside, slanted labels, a white background. */
    public static void style(CategoryChart chart, double yMin) {
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(yMin);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisLabelRotation(45);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    }

    public static void save(CategoryChart chart, Path file) throws IOException {
        try (OutputStream o = Files.newOutputStream(file)) {
            BitmapEncoder.saveBitmap(chart, o, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    /** About three significant digits, for a markdown table ("n/a" for NaN). */
    public static String num(double v) {
        if (Double.isNaN(v)) return "n/a";
        double a = Math.abs(v);
        if (a >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (a >= 10) return String.format(Locale.ROOT, "%.1f", v);
        if (a >= 1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
