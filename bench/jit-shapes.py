#!/usr/bin/env python3
# bench/jit-shapes.py [--reps N]: what C2 costs per bytecode byte for two shapes of code, to test whether a
# machine-model "compile CPU per byte" term could be calibrated (docs/results/prediction.md, session 39,
# "the JIT"). Generates classes of 20 copies of a method of N blocks -- 'straight': an if/else of int
# arithmetic per block; 'loops': a counted loop over an 8-int array per block -- calls each copy until C2
# compiles it (-XX:-TieredCompilation -Xbatch, compileonly the copies, one core), and prints a markdown row
# per class: bytes C2 compiled (inlined bytes included, -XX:+CITime), the C2 thread's CPU (bench/thread-cpu.py,
# good to 0.01 s) and its CPU per KiB. CPU time, so meaningful on a loaded machine too.
import os, re, subprocess, sys, tempfile
reps = int(sys.argv[sys.argv.index('--reps') + 1]) if '--reps' in sys.argv else 1
here = os.path.dirname(os.path.abspath(__file__))
COPIES = 20
SHAPES = {  # shape -> (block sizes, parameters, one block's source given block i and copy k)
    'straight': ([18, 37, 75, 150, 300], 'int x', lambda i, k: f'if (x > {i * 7 + 3 + k}) x = x * 31 + {i}; else x ^= {i * 13 + 1 + k};'),
    'loops': ([9, 18, 37, 75], 'int[] a, int x', lambda i, k: f'for (int j = 0; j < a.length; j++) a[j] = a[j] * 31 + x + {i * 7 + k};'),
}
def source(name, n, params, block):
    ms = [f'    static int f{k}({params}) {{\n' + '\n'.join('        ' + block(i, k) for i in range(n)) + '\n        return x;\n    }'
          for k in range(COPIES)]
    args = 'a, i' if params.startswith('int[]') else 'i'
    calls = ' + '.join(f'f{k}({args})' for k in range(COPIES))
    return (f'public class {name} {{\n' + '\n'.join(ms) + '\n    public static void main(String[] s) {\n'
            f'        int t = 0; int[] a = new int[8];\n        for (int i = 0; i < 30000; i++) t += {calls};\n'
            '        System.out.println(t);\n    }\n}\n')
with tempfile.TemporaryDirectory() as d:
    names = []
    for shape, (sizes, params, block) in SHAPES.items():
        for n in sizes:
            name = f'{shape.capitalize()}{n}'
            open(f'{d}/{name}.java', 'w').write(source(name, n, params, block))
            names.append((shape, n, name))
    subprocess.run(['javac', '-d', d] + [f'{d}/{x[2]}.java' for x in names], check=True)
    print('| shape | blocks | rep | bytes C2 compiled | C2 CPU s | ms CPU per KiB |\n|---|---|---|---|---|---|')
    for shape, n, name in names:
        for r in range(reps):
            out = subprocess.run([sys.executable, f'{here}/thread-cpu.py', 'taskset', '-c', '0', 'java', '-XX:-TieredCompilation', '-Xbatch',
                                  '-XX:CompileCommand=quiet', f'-XX:CompileCommand=compileonly,{name}::f*', '-XX:+UnlockDiagnosticVMOptions',
                                  '-XX:+CITime', '-cp', d, name], capture_output=True, text=True, check=True).stdout
            m = re.search(r'C2: \d+ methods \(incl. OSR\), (\d+) bytecode bytes, [0-9.]+ s compiling \(elapsed\), threads CPU ([0-9.]+) s', out)
            nbytes, cpu = int(m.group(1)), float(m.group(2))
            print(f'| {shape} | {n} | {r + 1} | {nbytes} | {cpu:.2f} | {cpu / nbytes * 1024 * 1e3:.1f} |', flush=True)
