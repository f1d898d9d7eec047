#!/usr/bin/env python3
"""Paired timing of two commands, A and B, run in turn (A B A B ...), as the figures in docs/ were taken.

Usage: bench/pairs.py [-n PAIRS] [--warmup W] [--timeout SECONDS] [--pin CPUS] [--vs 'COMMAND_B'] -- COMMAND_A...

Each run is measured whole-process by GNU time (/usr/bin/time: wall, user + system CPU, peak RSS).
With --vs, the ratio A/B is taken pair by pair, which keeps it meaningful on a machine whose speed
drifts (other jobs): the median ratio is the figure to quote, min and max show the noise. Without
--vs, A's runs alone. COMMAND_B is one string split as a shell splits words; neither command gets a
shell (wrap one in sh -c '...' for redirections). Example:

  bench/pairs.py -n 3 --warmup 1 --vs "java -cp workloads.jar dev.wholetrace.workloads.kernels.Sor 2500" \
      -- java -javaagent:agent.jar=out=t.wtrace,mode=cor -cp workloads.jar dev.wholetrace.workloads.kernels.Sor 2500
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile


def run(cmd, timeout, pin=None):
    """One run under /usr/bin/time (pinned to CPUS by taskset with pin): (wall s, cpu s, peak KiB, exit code)."""
    if pin:
        cmd = ["taskset", "-c", pin] + cmd
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as t:
        try:
            p = subprocess.run(["/usr/bin/time", "-o", t.name, "-f", "%e %U %S %M"] + cmd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
            code = p.returncode
        except subprocess.TimeoutExpired:
            return None
        fields = t.read().split()[-4:]
    wall, user, system, peak = float(fields[0]), float(fields[1]), float(fields[2]), int(fields[3])
    return wall, user + system, peak, code


def summary(name, values):
    if not values:
        return f"{name}: no run to compare (zero time)"
    return f"{name} median {statistics.median(values):.3f} (min {min(values):.3f}, max {max(values):.3f}, {len(values)} runs)"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=5, help="pairs (or runs without --vs)")
    ap.add_argument("--warmup", type=int, default=0, help="untimed runs of each command first")
    ap.add_argument("--timeout", type=float, default=None, help="seconds a run may take; a longer one is dropped")
    ap.add_argument("--pin", default=None, help="CPUS (taskset -c list) both commands run on")
    ap.add_argument("--vs", default=None, help="command B, the baseline")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="-- command A")
    a = ap.parse_args()
    cmd_a = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd_a or a.n < 1:
        print("pairs.py: give -n >= 1 and a command after --", file=sys.stderr)
        return 2
    cmd_b = shlex.split(a.vs) if a.vs else None
    for _ in range(a.warmup):
        run(cmd_a, a.timeout, a.pin)
        if cmd_b:
            run(cmd_b, a.timeout, a.pin)
    rows = []
    for i in range(a.n):
        ra = run(cmd_a, a.timeout, a.pin)
        rb = run(cmd_b, a.timeout, a.pin) if cmd_b else None
        load = os.getloadavg()[0]
        if ra is None or (cmd_b and rb is None):
            print(f"pair {i + 1}: a run passed --timeout, dropped")
            continue
        line = f"pair {i + 1}: A wall {ra[0]:.2f} s cpu {ra[1]:.2f} s peak {ra[2] / 1024:.1f} MiB exit {ra[3]}"
        if rb:
            line += f" | B wall {rb[0]:.2f} s cpu {rb[1]:.2f} s peak {rb[2] / 1024:.1f} MiB exit {rb[3]}"
        print(line + f" | load {load:.1f}", flush=True)
        rows.append((ra, rb))
    if not rows:
        return 1
    print(summary("A wall s", [r[0][0] for r in rows]))
    print(summary("A cpu s", [r[0][1] for r in rows]))
    if cmd_b:
        print(summary("B wall s", [r[1][0] for r in rows]))
        print(summary("B cpu s", [r[1][1] for r in rows]))
        print(summary("A/B wall", [r[0][0] / r[1][0] for r in rows]))
        print(summary("A/B cpu", [r[0][1] / r[1][1] for r in rows if r[1][1] > 0]))
        print(summary("A/B peak RSS", [r[0][2] / r[1][2] for r in rows if r[1][2] > 0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
