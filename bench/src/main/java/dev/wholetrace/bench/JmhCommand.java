package dev.wholetrace.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** Hands its arguments to JMH's own launcher ({@code org.openjdk.jmh.Main}); try {@code jmh -h}. */
@Command(name = "jmh",
        description = {"Runs the JMH micro-benchmarks of this jar (e.g. SequiturAppendBenchmark).",
                "All arguments go to org.openjdk.jmh.Main; 'jmh -h' lists JMH's options, 'jmh -l' the benchmarks."})
final class JmhCommand implements Callable<Integer> {
    @Unmatched
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        String[] args = jmhArgs.stream().map(a -> a.equals("--help") ? "-h" : a).toArray(String[]::new);
        org.openjdk.jmh.Main.main(args);
        return 0;
    }
}
