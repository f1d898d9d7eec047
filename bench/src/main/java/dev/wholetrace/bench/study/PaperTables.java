package dev.wholetrace.bench.study;

import java.util.Map;

/**
 * The published numbers of parallel-wpp-compression §3 the report sets ours beside: per program
 * and processor count (2, 4, 8), Table 2's sync counts and the percentages of Tables 3-5.
 */
final class PaperTables {
    private PaperTables() {}

    /** One program at one processor count. */
    record Row(long sharedBytes, int barriers, int locks, double corPercent, double dorPercent, double cdrPercent, double gzipPercent) {}

    private static final Map<String, Row[]> ROWS = Map.of(
            "fft", new Row[] {
                    new Row(3_220_200, 14, 0, 0.74, 41.88, 0.44, 10.16),
                    new Row(3_228_904, 14, 0, 0.78, 42.39, 0.55, 11.05),
                    new Row(3_295_528, 14, 0, 0.82, 42.68, 0.74, 10.97)},
            "lu", new Row[] {
                    new Row(526_220, 4, 0, 0.51, 76.43, 0.25, 3.34),
                    new Row(526_660, 4, 0, 0.53, 76.54, 0.29, 4.71),
                    new Row(526_660, 4, 0, 0.60, 76.58, 0.36, 5.45)},
            "mp3d", new Row[] {
                    new Row(2_378_040, 13, 1_103, 0.50, 58.50, 9.66, 8.29),
                    new Row(2_379_064, 13, 1_104, 0.56, 62.20, 9.72, 8.33),
                    new Row(2_381_240, 13, 1_113, 0.63, 65.20, 9.81, 6.62)},
            "water", new Row[] {
                    new Row(50_032, 6, 2_090, 2.82, 103.31, 3.68, 6.50),
                    new Row(50_032, 6, 2_100, 3.25, 104.74, 4.79, 11.20),
                    new Row(50_032, 6, 2_120, 3.85, 106.81, 6.2, 13.75)},
            "sor", new Row[] {
                    new Row(53_256, 5, 0, 3.50, 51.77, 1.41, 7.30),
                    new Row(53_384, 5, 0, 6.20, 51.83, 2.58, 7.92),
                    new Row(53_640, 5, 0, 10.04, 52.00, 4.18, 9.00)});

    /** The paper's row for this program and processor count, or null when it has none (e.g. 3 threads). */
    static Row of(String workload, int threads) {
        Row[] rows = ROWS.get(workload);
        if (rows == null) return null;
        return switch (threads) {
            case 2 -> rows[0];
            case 4 -> rows[1];
            case 8 -> rows[2];
            default -> null;
        };
    }
}
