#!/usr/bin/env python3
# bench/thread-cpu.py CMD...: runs CMD (a java command line, e.g. under taskset) and prints its processor time
# by thread group: the JIT's compiler threads, the GC's, the main thread ('java'), the drivers' workers
# (math-N, guava-N), and 'exited (unpolled)': the process's user+sys (getrusage of the child) less what the
# polls saw, i.e. threads that ended between two polls. Polls /proc/PID/task/*/stat every 10 ms; the
# clock tick is 10 ms, so each group is good to about 0.01 s. Used in docs/results/prediction.md (session 39)
# to split a driver's measured CPU time into the JIT's and the program's. With -XX:+CITime on the java command
# line (after -XX:+UnlockDiagnosticVMOptions) it also prints what each compiler tier compiled (the JVM's
# report at exit: bytecode bytes, inlined ones included, methods, its elapsed compile seconds) and the compiler threads' CPU time
# per KiB of bytecode compiled (session 39, "the JIT"). bench/thread-cpu.py --out FILE CMD... also appends the program's
# standard output (with the JIT's report) to FILE, to compare it with a plain run's (overhead-profile.md, session 51).
import os, subprocess, sys, time, re, collections, threading
args = sys.argv[1:]
out_file = None
if args[:1] == ['--out']:
    out_file, args = args[1], args[2:]
p = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
out = []  # the program's stdout, where -XX:+CITime reports
reader = threading.Thread(target=lambda: out.extend(p.stdout), daemon=True)
reader.start()
last = {}
tick = os.sysconf('SC_CLK_TCK')
def poll():
    try:
        tids = os.listdir(f'/proc/{p.pid}/task')
    except FileNotFoundError:
        return
    for t in tids:
        try:
            s = open(f'/proc/{p.pid}/task/{t}/stat').read()
        except OSError:
            continue
        name = s[s.index('(') + 1:s.rindex(')')]
        f = s[s.rindex(')') + 2:].split()
        last[t] = (name, (int(f[11]) + int(f[12])) / tick)
t0 = time.time()
while p.poll() is None:
    poll(); time.sleep(0.01)
wall = time.time() - t0
import resource
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
proc = ru.ru_utime + ru.ru_stime
g = collections.Counter()
for name, c in last.values():
    key = re.sub(r'[#0-9]+$', '', name).strip()
    if name.startswith('math-') or name.startswith('guava-'): key = 'workers'
    g[key] += c
g['exited (unpolled)'] = proc - sum(g.values())
print(f'wall {wall:.2f} process {proc:.2f} ' + ' '.join(f'{k!r}={v:.2f}' for k, v in g.most_common() if abs(v) >= 0.005))
reader.join()
if out_file:
    with open(out_file, 'a') as f:
        f.writelines(out)
for line in out:  # -XX:+CITime's per-compiler lines: "  C1 {speed: ...; standard: 0.012 s, 1 bytes, 1 methods; osr: ...}"
    m = re.match(r'\s+(C[12]) \{speed:.*standard:\s*([0-9.]+) s,\s*(\d+) bytes,\s*(\d+) methods; osr:\s*([0-9.]+) s,\s*(\d+) bytes,\s*(\d+) methods', line)
    if m:
        tier = m.group(1)
        secs, nbytes, methods = float(m.group(2)) + float(m.group(5)), int(m.group(3)) + int(m.group(6)), int(m.group(4)) + int(m.group(7))
        cpu = g[f'{tier} CompilerThre']
        per = f'{cpu / nbytes * 1024 * 1e3:.2f} ms CPU per KiB' if nbytes else '-'
        print(f'{tier}: {methods} methods (incl. OSR), {nbytes} bytecode bytes, {secs:.2f} s compiling (elapsed), threads CPU {cpu:.2f} s, {per}')
