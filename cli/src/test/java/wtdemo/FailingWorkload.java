package wtdemo;

/** Fails as dev.wholetrace.workloads.Workload does: a result line it never finished, one error line, exit 1. */
public final class FailingWorkload {
    public static void main(String[] args) {
        System.out.println("partial result");
        System.err.println("workload: validation failed: " + String.join(" ", args));
        System.exit(1);
    }
}
