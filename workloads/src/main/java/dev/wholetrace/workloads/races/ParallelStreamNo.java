package dev.wholetrace.workloads.races;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Parallel streams as application code writes them: main fills {@code data} and a list of records;
 * {@code forEach} writes each {@code out[i]} from {@code data[i]}; {@code collect} and {@code
 * reduce} read the records' components through method references; main reads {@code out} after
 * the terminal operations returned. A stream's work happens-before its terminal operation returns
 * (it forks and joins fork/join tasks inside the JDK). No race.
 */
public final class ParallelStreamNo {
    public static final String[] RACES = {};

    static int[] data;
    static int[] out;

    record Point(int x, int y) {}

    public static void main(String[] args) throws Exception {
        data = new int[1000];
        out = new int[1000];
        for (int i = 0; i < data.length; i++) data[i] = i;
        List<Point> points = IntStream.range(0, 1000).mapToObj(i -> new Point(i, i % 7)).collect(Collectors.toList());
        IntStream.range(0, data.length).parallel().forEach(i -> out[i] = data[i] * 2);
        List<Integer> sevens = points.parallelStream().filter(p -> p.y() == 0).map(Point::x).collect(Collectors.toList());
        int sumX = points.parallelStream().map(Point::x).reduce(0, Integer::sum);
        System.out.println("out[999]=" + out[999] + " sevens=" + sevens.size() + " sumX=" + sumX);
    }
}
