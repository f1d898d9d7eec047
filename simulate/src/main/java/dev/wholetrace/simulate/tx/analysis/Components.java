package dev.wholetrace.simulate.tx.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** Strongly connected components of a graph (Tarjan's algorithm, iterative), in topological order. */
final class Components {
    private Components() {}

    /**
     * The components reachable from {@code entry} of the graph whose successors are {@code succ}, each
     * component's members ascending, a component before every component it has an edge to.
     */
    static List<int[]> topological(int[][] succ, int entry) {
        int n = succ.length;
        int[] index = new int[n], low = new int[n], edge = new int[n];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n], call = new int[n];
        int sp = 0, cp = 0, counter = 0;
        List<int[]> out = new ArrayList<>();
        call[cp++] = entry;
        index[entry] = low[entry] = counter++;
        stack[sp++] = entry;
        onStack[entry] = true;
        while (cp > 0) {
            int v = call[cp - 1];
            if (edge[v] < succ[v].length) {
                int w = succ[v][edge[v]++];
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    stack[sp++] = w;
                    onStack[w] = true;
                    call[cp++] = w;
                } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
                continue;
            }
            cp--;
            if (cp > 0) low[call[cp - 1]] = Math.min(low[call[cp - 1]], low[v]);
            if (low[v] == index[v]) {
                int k = sp;
                do k--; while (stack[k] != v);
                int[] members = Arrays.copyOfRange(stack, k, sp);
                for (int m : members) onStack[m] = false;
                sp = k;
                Arrays.sort(members);
                out.add(members);
            }
        }
        Collections.reverse(out); // Tarjan finishes a component after every component it reaches
        return out;
    }
}
