package wtdemo;

/**
 * Dependence chains known by hand (CliDepsChainTest): one thread copies a → b → c through heap
 * arrays held in locals (no GETSTATIC between), then sums c. Each copy is one basic block whose
 * only load feeds its store, so from the sum's load the chain is c's store, b's load, b's store,
 * a's load, a's store, N times. The last loop stores a[i] + b[i]: its block loads twice, and the
 * chain recovery names the last load (b's) as the feeder, the documented approximation.
 * One statement per line: the test finds the instructions by line.
 */
public final class Chains {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] a = new int[n];
        int[] b = new int[n];
        int[] c = new int[n];
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i + 1; // LINE_A_STORE
        }
        for (int i = 0; i < n; i++) {
            b[i] = a[i]; // LINE_B_COPY
        }
        for (int i = 0; i < n; i++) {
            c[i] = b[i]; // LINE_C_COPY
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += c[i]; // LINE_SUM
        }
        for (int i = 0; i < n; i++) {
            d[i] = a[i] + b[i]; // LINE_D_ADD
        }
        long check = 0;
        for (int i = 0; i < n; i++) {
            check += d[i]; // LINE_D_SUM
        }
        System.out.println(sum + " " + check);
    }
}
